// The wallet's notifications card: honest about unsupported browsers, iOS outside the installed app
// and blocked notifications; asks permission only on a tap, then subscribes with the server's VAPID
// key and saves the subscription; turns off again.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const post = vi.fn(async (_url: string, _options: unknown) => ({}))
const del = vi.fn(async (_url: string, _options: unknown) => ({}))
vi.mock('@/lib/api-client', () => ({
  api: {
    get: (url: string) => ({
      json: async () => (url === 'push/vapid-public-key' ? { public_key: 'BPUBLICKEY' } : {}),
    }),
    post: (url: string, options: unknown) => post(url, options),
    delete: (url: string, options: unknown) => ({ catch: () => del(url, options) }),
  },
}))

const { default: PushOptIn, PUSH_TEXTS } = await import('./push-opt-in')

/** A browser with the Push API: a registration whose pushManager subscribes. */
function installPush(
  permission: NotificationPermission,
  answer: NotificationPermission = 'granted',
) {
  let current: {
    endpoint: string
    options: object
    toJSON(): object
    unsubscribe(): Promise<boolean>
  } | null = null
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: 'P', auth: 'A' } }),
    unsubscribe: vi.fn(async () => {
      current = null
      return true
    }),
  }
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: object) => (current = subscription)),
  }
  const requestPermission = vi.fn(async () => {
    Object.assign(notification, { permission: answer })
    return answer
  })
  const notification = { permission, requestPermission }
  vi.stubGlobal('Notification', notification)
  vi.stubGlobal('PushManager', function PushManager() {})
  const registration = { pushManager }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  })
  return { pushManager, requestPermission, subscription }
}

beforeEach(() => {
  post.mockClear()
  del.mockClear()
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('PushOptIn', () => {
  it('says so where the browser has no Push API, with no button', async () => {
    render(<PushOptIn />)
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('tells iPhone users in Safari to add the app to the Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
    )
    render(<PushOptIn />)
    expect(await screen.findByText(PUSH_TEXTS.iosInstall)).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('explains blocked notifications instead of offering a button that cannot work', async () => {
    installPush('denied')
    render(<PushOptIn />)
    expect(await screen.findByText(PUSH_TEXTS.denied)).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('is drawn in its first render, with its offer, while notifications are not allowed yet', () => {
    installPush('default')
    render(<PushOptIn />)
    // No waiting: the wallet's first frame has the card (it was its largest paint when late).
    expect(screen.getByRole('heading', { name: PUSH_TEXTS.title })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: PUSH_TEXTS.turnOn })).toBeInTheDocument()
  })

  it('asks whether this device is subscribed once notifications are allowed', async () => {
    const push = installPush('granted')
    render(<PushOptIn />)
    expect(screen.queryByRole('heading', { name: PUSH_TEXTS.title })).toBeNull()
    expect(await screen.findByRole('button', { name: PUSH_TEXTS.turnOn })).toBeInTheDocument()
    expect(push.pushManager.getSubscription).toHaveBeenCalled()
  })

  it('asks permission only on the tap, subscribes with the server key and saves the subscription', async () => {
    const push = installPush('default')
    document.documentElement.lang = 'hi'
    render(<PushOptIn />)
    const button = await screen.findByRole('button', { name: PUSH_TEXTS.turnOn })
    expect(push.requestPermission).not.toHaveBeenCalled()
    fireEvent.click(button)
    expect(await screen.findByText(PUSH_TEXTS.on)).toBeInTheDocument()
    expect(push.requestPermission).toHaveBeenCalledOnce()
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: 'BPUBLICKEY',
    })
    expect(post).toHaveBeenCalledWith('push/subscriptions', {
      json: { endpoint: push.subscription.endpoint, keys: { p256dh: 'P', auth: 'A' }, lang: 'hi' },
    })

    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.turnOff }))
    expect(await screen.findByRole('button', { name: PUSH_TEXTS.turnOn })).toBeInTheDocument()
    expect(del).toHaveBeenCalledWith('push/subscriptions', {
      json: { endpoint: push.subscription.endpoint },
      timeout: 5000,
    })
    expect(push.subscription.unsubscribe).toHaveBeenCalledOnce()
    document.documentElement.lang = 'en'
  })

  it('shows the blocked state when the user refuses the permission prompt, and subscribes nothing', async () => {
    const push = installPush('default', 'denied')
    render(<PushOptIn />)
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXTS.turnOn }))
    expect(await screen.findByText(PUSH_TEXTS.denied)).toBeInTheDocument()
    expect(push.pushManager.subscribe).not.toHaveBeenCalled()
    expect(post).not.toHaveBeenCalled()
  })
})
