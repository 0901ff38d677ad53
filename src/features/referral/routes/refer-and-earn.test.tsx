import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
vi.mock('@/lib/api-client', () => ({ api: { get: () => ({ json: async () => ({}) }) } }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => undefined) }))
const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() }
vi.mock('@/lib/notify', () => ({ notify }))

const { useUserStore } = await import('@/stores/user-store')
const { useRulesStore } = await import('@/stores/rules-store')
const { DEFAULT_RULES } = await import('@contract/rules')
const { default: ReferAndEarn } = await import('./refer-and-earn')

function renderAt(path: string) {
  const memory = memoryLocation({ path })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ReferAndEarn />
    </Router>,
  )
}

beforeEach(() => {
  useRulesStore.setState({ rules: DEFAULT_RULES, load: async () => {} })
  useUserStore.setState({
    user: {
      first_name: 'Asha',
      email: 'a@example.com',
      phone_number: '9876543210',
      points: 0,
      views: 0,
      referral_id: 'ASHA42',
      referral_count: 2,
      membership__video_point: 100,
      is_faulty: false,
      platform_fee_paid: false,
      email_verified: true,
    },
  })
})
afterEach(() => {
  vi.clearAllMocks()
  delete (navigator as { share?: unknown }).share
})

describe('Refer and earn', () => {
  it('labels the saved code and count with the time they were saved, until the server answers', async () => {
    // Saved an hour before this page was opened: the copy a returning visitor sees first.
    const savedAt = performance.timeOrigin - 60 * 60_000
    useUserStore.setState({ fetchedAt: savedAt })
    const { refreshUser } = await import('@/stores/get-user')
    let answer: () => void = () => undefined
    vi.mocked(refreshUser).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = () => {
            useUserStore.setState({ fetchedAt: Date.now() })
            resolve(undefined as never)
          }
        }),
    )
    renderAt('/referandearn')
    expect(screen.getByTestId('referral-code')).toHaveTextContent('ASHA42')
    expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /)
    answer()
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent('Updated just now'),
    )
  })

  it('keeps the saved copy labelled as saved when the fetch fails', async () => {
    useUserStore.setState({ fetchedAt: Date.now() })
    const { refreshUser } = await import('@/stores/get-user')
    vi.mocked(refreshUser).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    renderAt('/referandearn')
    await waitFor(() =>
      expect(screen.getByTestId('saved-copy-label')).toHaveTextContent(/^Saved at /),
    )
    expect(screen.getByTestId('referral-code')).toHaveTextContent('ASHA42')
  })

  it('shows the code and the reward from the rules', () => {
    renderAt('/referandearn')
    expect(screen.getByTestId('referral-code')).toHaveTextContent('ASHA42')
    expect(screen.getByTestId('referral-reward')).toHaveTextContent(
      'you get 100 coins (₹1) and your friend gets 100 coins (₹1) once your friend has watched 3 videos.',
    )
    expect(screen.queryByTestId('referral-progress')).not.toBeInTheDocument()
  })

  it('says when the reward is credited from the served rules: after n videos, or at email verification when 0', () => {
    useRulesStore.setState({ rules: { ...DEFAULT_RULES, referralRewardAfterVideos: 1 } })
    renderAt('/referandearn')
    expect(screen.getByTestId('referral-reward')).toHaveTextContent(
      'once your friend has watched 1 video.',
    )
    cleanup()
    useRulesStore.setState({ rules: { ...DEFAULT_RULES, referralRewardAfterVideos: 0 } })
    renderAt('/referandearn')
    expect(screen.getByTestId('referral-reward')).toHaveTextContent(
      'you get 100 coins (₹1) and your friend gets 100 coins (₹1) when they verify their email.',
    )
  })

  it('shows n/3 when coming from a withdrawal', () => {
    renderAt('/referandearn?keyfrom=withdrawal&referralCount=2')
    expect(screen.getByTestId('referral-progress')).toHaveTextContent('2/3')
  })

  it('shows the invite link on one line with the code whole at its end', () => {
    renderAt('/referandearn')
    const link = screen.getByTestId('referral-link')
    expect(link).toHaveTextContent(`${window.location.host}/register?referralId=ASHA42`)
    expect(link).not.toHaveTextContent('http')
    expect(link).toHaveAttribute('title', `${window.location.origin}/register?referralId=ASHA42`)
  })

  it('copies the whole invite link and says Copied', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    renderAt('/referandearn')
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await screen.findByRole('button', { name: 'Copied' })
    expect(notify.success).toHaveBeenCalledWith('Referral link copied!')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?referralId=ASHA42`)
  })

  it('without a share sheet offers a WhatsApp link with the message and the invite link, not an error', () => {
    renderAt('/referandearn')
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp' })
    const href = whatsApp.getAttribute('href') ?? ''
    expect(href.startsWith('https://wa.me/?text=')).toBe(true)
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(
      `Join with my referral code ASHA42 ${window.location.origin}/register?referralId=ASHA42`,
    )
  })

  it('shares a link to /register with the code', async () => {
    const share = vi.fn(async () => undefined)
    Object.assign(navigator, { share })
    renderAt('/referandearn')
    fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalled())
    expect((share.mock.calls[0] as unknown as [ShareData])[0].url).toBe(
      `${window.location.origin}/register?referralId=ASHA42`,
    )
  })
})
