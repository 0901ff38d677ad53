import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// A stand-in for workbox-window's Workbox: records listeners so the test plays the worker's part.
const worker = vi.hoisted(() => ({
  listeners: new Map<string, Array<() => void>>(),
  skipWaiting: 0,
  created: 0,
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener()
  },
}))
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(readonly url: string) {
      worker.created += 1
    }
    addEventListener(type: string, listener: () => void) {
      worker.listeners.set(type, [...(worker.listeners.get(type) ?? []), listener])
    }
    register() {
      return Promise.resolve(undefined)
    }
    messageSkipWaiting() {
      worker.skipWaiting += 1
    }
  },
}))

const reload = vi.fn()

/** The browser's service worker container: `controller` set on a page a worker controls. */
function serviceWorkers(controller: object | null, registration?: ServiceWorkerRegistration) {
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { controller, register: vi.fn(async () => registration) },
    configurable: true,
  })
}

/** The prompt and the bridge as a newly opened page has them (nothing registered yet). */
async function freshPage() {
  vi.resetModules()
  const { UpdatePrompt } = await import('./update-prompt')
  const bridge = await import('@/lib/sw-bridge')
  return { UpdatePrompt, ...bridge }
}

beforeAll(() => vi.stubGlobal('location', { ...window.location, reload }))
beforeEach(() => {
  worker.listeners.clear()
  worker.skipWaiting = 0
  worker.created = 0
  reload.mockClear()
})
afterAll(() => vi.unstubAllGlobals())

describe('update prompt', () => {
  it('appears when a new version waits, and Reload applies it once the new worker controls', async () => {
    serviceWorkers({})
    const { UpdatePrompt, registerServiceWorker } = await freshPage()
    await registerServiceWorker()
    render(<UpdatePrompt />)
    expect(screen.queryByText('A new version is available.')).not.toBeInTheDocument()

    act(() => worker.fire('waiting'))
    expect(screen.getByText('A new version is available.')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(worker.skipWaiting).toBe(1)
    expect(reload).not.toHaveBeenCalled() // not before the new worker has taken over
    worker.fire('controlling')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('on a first visit registers the worker without workbox-window, which comes with a new version', async () => {
    // The registration as the browser keeps it: the first worker installs and becomes active.
    const registration = Object.assign(new EventTarget(), {
      installing: null as (EventTarget & { state: string }) | null,
      waiting: null,
      active: null as object | null,
      update: vi.fn(async () => undefined),
    })
    serviceWorkers(null, registration as unknown as ServiceWorkerRegistration)
    const { UpdatePrompt, registerServiceWorker } = await freshPage()
    await registerServiceWorker()
    expect(navigator.serviceWorker.register).toHaveBeenCalledWith('/sw.js')
    render(<UpdatePrompt />)

    /** A worker of `registration` installing, then installed. */
    const install = () => {
      const installing = Object.assign(new EventTarget(), { state: 'installing' })
      registration.installing = installing
      registration.dispatchEvent(new Event('updatefound'))
      installing.state = 'installed'
      installing.dispatchEvent(new Event('statechange'))
    }
    // The first worker: nothing to update, nothing loaded.
    install()
    registration.active = {}
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(worker.created).toBe(0)

    // A new version installs beside the active one: the update flow comes, and says it waits.
    install()
    await waitFor(() => expect(worker.created).toBe(1))
    await waitFor(() => expect(worker.listeners.get('waiting')).toBeDefined())
    act(() => worker.fire('waiting'))
    expect(screen.getByText('A new version is available.')).toBeInTheDocument()
  })
})
