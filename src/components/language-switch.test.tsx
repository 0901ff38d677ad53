/** The language switch: its options, the stored choice, `<html lang>` and the redraw. */
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LanguageSwitch } from './language-switch'
import { activateLocale, t } from '@/i18n/i18n'
import { LocaleBoundary } from '@/i18n/react'

function Title() {
  return <h1>{t('Wallet')}</h1>
}

afterEach(async () => {
  await activateLocale('en')
  document.cookie = 'lang=; path=/; max-age=0'
})

describe('LanguageSwitch', () => {
  it('labels each option in its own language, English pressed first', () => {
    render(<LanguageSwitch />)
    const english = screen.getByRole('button', { name: 'English' })
    const hindi = screen.getByRole('button', { name: 'हिन्दी' })
    expect(english).toHaveAttribute('aria-pressed', 'true')
    expect(english).toHaveAttribute('lang', 'en')
    expect(hindi).toHaveAttribute('aria-pressed', 'false')
    expect(hindi).toHaveAttribute('lang', 'hi')
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument()
  })

  it('turns the app to Hindi and back, keeps the choice and sets <html lang>', async () => {
    render(
      <LocaleBoundary>
        <Title />
        <LanguageSwitch />
      </LocaleBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'वॉलेट' })).toBeInTheDocument())
    expect(document.documentElement.lang).toBe('hi')
    expect(localStorage.getItem('lang')).toBe('hi')
    expect(document.cookie).toContain('lang=hi')
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true')

    await userEvent.click(screen.getByRole('button', { name: 'English' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Wallet' })).toBeInTheDocument())
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem('lang')).toBe('en')
    expect(document.cookie).toContain('lang=en')
  })
})
