import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { TabBar } from './tab-bar'

function renderAt(path: string) {
  const { hook } = memoryLocation({ path })
  return render(
    <Router hook={hook}>
      <TabBar />
    </Router>,
  )
}

afterEach(() => localStorage.clear())

describe('TabBar', () => {
  it('links Home, Wallet, Refer and Profile to their screens, each with an icon', () => {
    localStorage.setItem('access_token', 'tok')
    renderAt('/wallet')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['Wallet', '/wallet'],
      ['Refer', '/referandearn'],
      ['Profile', '/profile'],
    ])
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull()
  })

  it('marks the current screen’s tab (a trailing slash too) and no other', () => {
    localStorage.setItem('access_token', 'tok')
    renderAt('/profile/')
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
    for (const name of ['Home', 'Wallet', 'Refer']) {
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('aria-current')
    }
    expect(document.body).toHaveClass('has-tab-bar')
  })

  it('is not shown on inner screens nor to a visitor without a token', () => {
    localStorage.setItem('access_token', 'tok')
    const inner = renderAt('/deposit-fee')
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(document.body).not.toHaveClass('has-tab-bar')
    inner.unmount()
    localStorage.clear()
    renderAt('/dashboard')
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})
