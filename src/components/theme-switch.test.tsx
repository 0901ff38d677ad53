import { fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ThemeSwitch } from './theme-switch'
import { applyTheme, readThemeChoice, THEME_COLORS } from '@/lib/theme'

function addThemeColorMetas() {
  for (const scheme of ['light', 'dark'] as const) {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    meta.media = `(prefers-color-scheme: ${scheme})`
    meta.content = THEME_COLORS[scheme]
    document.head.append(meta)
  }
}
const metaContents = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.content)

beforeEach(() => {
  localStorage.clear()
  applyTheme('system')
  addThemeColorMetas()
})
afterEach(() => document.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.remove()))

describe('ThemeSwitch', () => {
  it('starts on System: no data-theme, each theme-color meta keeps its own mode colour', () => {
    render(<ThemeSwitch />)
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked()
    expect(document.documentElement).not.toHaveAttribute('data-theme')
    expect(metaContents()).toEqual([THEME_COLORS.light, THEME_COLORS.dark])
  })

  it('checks no choice in a first frame drawn outside the browser, which cannot know the device’s', () => {
    localStorage.setItem('theme', 'dark')
    const html = renderToString(<ThemeSwitch />)
    expect(html.match(/type="radio"/g)).toHaveLength(3)
    expect(html).not.toContain('checked')
  })

  it('Dark pins the dark theme on <html>, the browser bar colour, and keeps the choice on the device', () => {
    render(<ThemeSwitch />)
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    expect(metaContents()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark])
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(readThemeChoice()).toBe('dark')
  })

  it('a stored choice is shown on the next visit; System forgets it and follows the system again', () => {
    localStorage.setItem('theme', 'light')
    render(<ThemeSwitch />)
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked()
    fireEvent.click(screen.getByRole('radio', { name: 'System' }))
    expect(localStorage.getItem('theme')).toBeNull()
    expect(document.documentElement).not.toHaveAttribute('data-theme')
    expect(metaContents()).toEqual([THEME_COLORS.light, THEME_COLORS.dark])
  })

  it('an unreadable stored value counts as System', () => {
    localStorage.setItem('theme', 'purple')
    expect(readThemeChoice()).toBe('system')
  })
})
