import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { notify } from '@/lib/notify'
import { refreshUser } from '@/stores/get-user'
import { useUserStore } from '@/stores/user-store'
import { heldUserRefresh } from '@/stores/user-store.test-helpers'
import { renderAt, SAMPLE_USER, settle } from '../profile.test-helpers'
import Profile from './profile'

vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn() }))
vi.mock('@/stores/rules-store', async () => {
  const { DEFAULT_RULES } = await import('@contract/rules')
  return { useRules: () => DEFAULT_RULES }
})
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedRefresh = vi.mocked(refreshUser)
const FETCH_ERROR = 'Error fetching user details. Please try again.'

/** Holds the next user refresh until the returned `arrive()`, which stores SAMPLE_USER and answers. */
function holdUserRefresh(): () => void {
  const held = heldUserRefresh(SAMPLE_USER)
  mockedRefresh.mockImplementation(held.refresh)
  return held.arrive
}

describe('Profile screen', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    useUserStore.getState().clear()
    mockedRefresh.mockImplementation(async () => {
      useUserStore.getState().setUser({ ...SAMPLE_USER })
      return SAMPLE_USER
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('shows name, email, phone with +91, refer id and refer count from get-user', async () => {
    renderAt(<Profile />, '/profile')
    await settle()
    const details = screen.getByRole('region', { name: 'Your details' })
    expect(within(details).getByRole('heading', { name: 'Asha Rao' })).toBeInTheDocument()
    expect(within(details).getByText('asha@example.com')).toBeInTheDocument()
    expect(within(details).getByText('+91 9876543210')).toBeInTheDocument()
    expect(within(details).getByText('ASHA1234')).toBeInTheDocument()
    expect(within(details).getByText('Refer count').nextElementSibling).toHaveTextContent('2')
  })

  it('draws the details card’s shape and every option while the user is on its way', async () => {
    const arrive = holdUserRefresh()
    renderAt(<Profile />, '/profile')
    expect(screen.getByRole('status', { name: 'Loading your profile…' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet')
    arrive()
    expect(await screen.findByRole('region', { name: 'Your details' })).toHaveTextContent(
      'asha@example.com',
    )
    expect(screen.queryByRole('status', { name: 'Loading your profile…' })).not.toBeInTheDocument()
  })

  it('links every option of docs/product.md#screens, the wallet, and the withdraw page with the balance in rupees', async () => {
    renderAt(<Profile />, '/profile')
    await settle()
    const links = within(screen.getByRole('navigation', { name: 'Account options' })).getAllByRole(
      'link',
    )
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/edit-profile',
      '/add-bank-details',
      '/referandearn',
      // 1,599 coins are ₹15.99: the withdraw screen takes whole rupees.
      '/amount-withdraw?balance=15&refercount=2',
      '/wallet',
      '/help-center',
      '/privacy',
      '/termsandcondition',
    ])
  })

  it('labels the saved details with the time they were saved, then as updated once the server answers', async () => {
    // Saved an hour before this page was opened: the copy a returning visitor sees first.
    useUserStore.setState({
      user: { ...SAMPLE_USER },
      fetchedAt: performance.timeOrigin - 3_600_000,
    })
    const arrive = holdUserRefresh()
    renderAt(<Profile />, '/profile')
    expect(screen.getByRole('region', { name: 'Your details' })).toHaveTextContent('Asha Rao')
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /)
    arrive()
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now'),
    )
  })

  it('shows the product’s error text once, with no toast beside it, when the user cannot be fetched', async () => {
    mockedRefresh.mockRejectedValue(new TypeError('Failed to fetch'))
    renderAt(<Profile />, '/profile')
    expect(await screen.findByRole('alert')).toHaveTextContent(FETCH_ERROR)
    expect(notify.error).not.toHaveBeenCalled()
  })

  it('logs out: clears local storage and the stored user, then goes to /', async () => {
    localStorage.setItem('access_token', 'secret-token')
    localStorage.setItem('request_id', 'r-1')
    const { user, currentUrl } = renderAt(<Profile />, '/profile')
    await settle()
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    // Logout first turns off this device's push subscription (a chunk loaded on demand), then
    // revokes the token: wait for the navigation that ends it.
    await waitFor(() => expect(currentUrl()).toBe('/'), { timeout: 5000 })
    expect(localStorage.length).toBe(0)
    expect(useUserStore.getState().user).toBeNull()
  })

  it('goes back one page with Go Back', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined)
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(2)
    const { user } = renderAt(<Profile />, '/profile')
    await settle()
    await user.click(screen.getByRole('button', { name: 'Go Back' }))
    expect(back).toHaveBeenCalledTimes(1)
  })
})

describe('Profile in Hindi', () => {
  afterEach(async () => {
    const { activateLocale } = await import('@/i18n/i18n')
    await activateLocale('en')
  })

  it('has the language switch, which turns the profile into Hindi and back', async () => {
    const { LocaleBoundary } = await import('@/i18n/react')
    mockedRefresh.mockImplementation(async () => {
      useUserStore.getState().setUser({ ...SAMPLE_USER })
      return SAMPLE_USER
    })
    renderAt(
      <LocaleBoundary>
        <Profile />
      </LocaleBoundary>,
      '/profile',
    )
    await settle()
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' })).toBeInTheDocument(),
    )
    expect(screen.getByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('hi')
    await userEvent.click(screen.getByRole('button', { name: 'English' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument(),
    )
    expect(document.documentElement.lang).toBe('en')
  })
})
