/** Landing page: texts, links, rules-driven About, video facade, partners strip, logged-in redirect. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { useRulesStore } from '@/stores/rules-store'
import { DEFAULT_RULES } from '@contract/rules'
import { getPartners } from './api/get-partners'
import Landing from './routes/landing'

vi.mock('./api/get-partners', () => ({ getPartners: vi.fn() }))
// jsdom has no IndexedDB: the persisted stores write nowhere.
vi.mock('idb-keyval', () => ({
  get: async () => undefined,
  set: async () => {},
  del: async () => {},
}))
const mockedGetPartners = vi.mocked(getPartners)

function renderLanding() {
  const location = memoryLocation({ path: '/', record: true })
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Landing />
    </Router>,
  )
  return location
}

beforeEach(() => {
  useRulesStore.setState({
    rules: DEFAULT_RULES,
    playStoreUrl: 'https://play.example/app',
    load: async () => {},
  })
  mockedGetPartners.mockResolvedValue([])
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Landing', () => {
  it('shows the welcome texts, Register to /register, Login to /loginn and Get Started to /signup', () => {
    renderLanding()
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, welcome!' })).toBeInTheDocument()
    expect(screen.getByText('Log in or create an account!')).toBeInTheDocument()
    const register = screen.getByRole('link', { name: 'Register' })
    expect(register).toHaveAttribute('href', '/register')
    const login = screen.getByRole('link', { name: 'Login' })
    expect(login).toHaveAttribute('href', '/loginn')
    // One primary action: Register is the filled button; Login is a text link, not a button.
    expect(register).toHaveClass('btn')
    expect(login).not.toHaveClass('btn')
    // The banner's words are text over its art: they name the link.
    const getStarted = screen.getByRole('link', { name: 'Get Started Create your free account' })
    expect(getStarted).toHaveAttribute('href', '/signup')
    const art = getStarted.querySelector('img')
    expect(art).toHaveAttribute('width', '320')
    expect(art).toHaveAttribute('height', '120')
    expect(art).toHaveAttribute('src', '/landing/get-started.webp')
  })

  it('sends a visitor with a stored token to /dashboard', () => {
    localStorage.setItem('access_token', 'tok')
    const location = renderLanding()
    expect(location.history).toContain('/dashboard')
    expect(screen.queryByText('Hello, welcome!')).not.toBeInTheDocument()
  })

  it('renders the About numbers from the served rules, not fixed copy', () => {
    useRulesStore.setState({
      rules: {
        ...DEFAULT_RULES,
        referralRewardReferrerCoins: 250,
        referralRewardFriendCoins: 50,
        signupBonusCoins: 5000,
        platformFeeRupees: 49,
        platformFeeRefundDays: 30,
      },
    })
    renderLanding()
    expect(screen.getByTestId('about-coins')).toHaveTextContent('100 coins = ₹1.')
    expect(screen.getByTestId('about-bonus')).toHaveTextContent('5,000 coins (₹50)')
    expect(screen.getByTestId('about-referral')).toHaveTextContent(
      '250 coins (₹2.50) for you and 50 coins (₹0.50) for your friend',
    )
    expect(screen.getByTestId('about-fee')).toHaveTextContent(
      'platform fee of ₹49, refundable within 30 days',
    )
    expect(screen.getByText(/Paytm, PhonePe/)).toBeInTheDocument()
    expect(
      screen.getByText('The company may convert rupee earnings into points at any time.'),
    ).toBeInTheDocument()
  })

  it('shows the default rules: 10,000 coins bonus, 100 coins referral each, ₹99 fee within 90 days', () => {
    renderLanding()
    expect(screen.getByTestId('about-bonus')).toHaveTextContent('10,000 coins (₹100)')
    expect(screen.getByTestId('about-referral')).toHaveTextContent(
      '100 coins (₹1) for you and 100 coins (₹1) for your friend',
    )
    expect(screen.getByTestId('about-fee')).toHaveTextContent('₹99, refundable within 90 days')
  })

  it('links the Google Play badge to the configured store URL', () => {
    renderLanding()
    const badge = screen.getByRole('img', { name: 'Get it on Google Play' })
    expect(badge.closest('a')).toHaveAttribute('href', 'https://play.example/app')
  })

  it('has footer quick links and the maintainer credit', () => {
    renderLanding()
    const nav = screen.getByRole('navigation', { name: 'Quick links' })
    const hrefs = Array.from(nav.querySelectorAll('a')).map((a) => a.getAttribute('href'))
    expect(hrefs).toEqual([
      '/termsandcondition',
      '/privacy',
      '/help-center',
      '/how-to-earn',
      '/how-to-play',
    ])
    expect(screen.getByTestId('maintainer-credit')).toHaveTextContent('maintained by')
  })
})

describe('Landing partners strip', () => {
  it('lists the partners by name as text, each a link to its site', async () => {
    mockedGetPartners.mockResolvedValue([
      { id: 1, name: 'Acme Pay', logo: '/partners/acme.svg', link: 'https://acme.example' },
    ])
    renderLanding()
    const link = await screen.findByRole('link', { name: 'Acme Pay' })
    expect(link).toHaveAttribute('href', 'https://acme.example')
    // The name is the link's own text, not words inside a shrunk logo image.
    expect(link).toHaveTextContent('Acme Pay')
    expect(link.querySelector('img')).toBeNull()
  })

  it('reserves its place while loading and is left out when the call fails', async () => {
    let fail: (error: Error) => void = () => {}
    mockedGetPartners.mockReturnValue(new Promise((_resolve, reject) => (fail = reject)))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderLanding()
    expect(
      screen.getByRole('heading', { name: 'Our partners' }).closest('section'),
    ).toHaveAttribute('aria-busy', 'true')
    fail(new Error('offline'))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Our partners' })).not.toBeInTheDocument(),
    )
  })
})

describe('Landing video facade', () => {
  it('shows a skeleton until the poster loads, and no player before a tap', () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    renderLanding()
    expect(screen.getByTestId('video-skeleton')).toBeInTheDocument()
    const poster = screen.getByRole('img', { name: /Sample video/ })
    poster.dispatchEvent(new Event('load'))
    return waitFor(() => {
      expect(screen.queryByTestId('video-skeleton')).not.toBeInTheDocument()
      expect(document.querySelector('iframe, video')).toBeNull()
      expect(fetchSpy).not.toHaveBeenCalled()
    })
  })

  it('plays the local file when the server has it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(null, { status: 200, headers: { 'content-type': 'video/mp4' } }),
      ),
    )
    renderLanding()
    await userEvent.click(screen.getByRole('button', { name: 'Play the sample video' }))
    const video = await waitFor(() => {
      const el = document.querySelector('video')
      expect(el).not.toBeNull()
      return el as HTMLVideoElement
    })
    expect(video).toHaveAttribute('src', '/videos/sample-1.mp4')
    expect(screen.getByTestId('video-skeleton')).toBeInTheDocument()
    video.dispatchEvent(new Event('loadeddata'))
    await waitFor(() => expect(screen.queryByTestId('video-skeleton')).not.toBeInTheDocument())
  })

  it('falls back to the youtube-nocookie embed when the local file is absent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }),
      ),
    )
    renderLanding()
    await userEvent.click(screen.getByRole('button', { name: 'Play the sample video' }))
    const frame = await screen.findByTitle('Sample video')
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//)
  })
})

describe('Landing in Hindi', () => {
  afterEach(async () => {
    const { activateLocale } = await import('@/i18n/i18n')
    await activateLocale('en')
  })

  it('has the language switch, which turns the landing into Hindi and back', async () => {
    const { LocaleBoundary } = await import('@/i18n/react')
    const location = memoryLocation({ path: '/', record: true })
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LocaleBoundary>
          <Landing />
        </LocaleBoundary>
      </Router>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'नमस्ते, स्वागत है!' })).toBeInTheDocument(),
    )
    expect(screen.getByRole('link', { name: 'रजिस्टर करें' })).toHaveAttribute('href', '/register')
    expect(document.documentElement.lang).toBe('hi')
    await userEvent.click(screen.getByRole('button', { name: 'English' }))
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Hello, welcome!' }),
      ).toBeInTheDocument(),
    )
    expect(document.documentElement.lang).toBe('en')
  })
})
