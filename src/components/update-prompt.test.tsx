import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// A stand-in for workbox-window's Workbox: records listeners so the test plays the worker's part.
const worker = vi.hoisted(() => ({
  listeners: new Map<string, Array<() => void>>(),
  skipWaiting: 0,
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener()
  },
}))
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(readonly url: string) {}
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

const { UpdatePrompt } = await import('./update-prompt')
const { registerServiceWorker } = await import('@/lib/sw-bridge')
const reload = vi.fn()

beforeAll(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
  vi.stubGlobal('location', { ...window.location, reload })
})
afterAll(() => vi.unstubAllGlobals())

describe('update prompt', () => {
  it('appears when a new version waits, and Reload applies it once the new worker controls', async () => {
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
})
