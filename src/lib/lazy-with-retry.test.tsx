import { act, Suspense } from 'react'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyWithRetry, preloadComponent } from './lazy-with-retry'
import { installPreloadErrorRecovery } from './chunk-reload'

const reload = vi.fn()

beforeEach(() => {
  sessionStorage.clear()
  reload.mockReset()
  vi.stubGlobal('location', { ...window.location, reload })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js')

describe('lazy screens after a deploy', () => {
  it('reloads the page once when a screen chunk fails to load', async () => {
    const Screen = lazyWithRetry(() => Promise.reject(chunkError()))
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    )
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(sessionStorage.getItem('chunk_reload')).not.toBeNull()
    expect(screen.getByText('Loading…')).toBeInTheDocument()
  })

  it("stays on the fallback, without looping, when Vite's preload-error handling swallowed the failure to reload", async () => {
    let loads = 0
    // What the import resolves to once installPreloadErrorRecovery has prevented the error.
    const imported = Promise.resolve(undefined as never)
    const Screen = lazyWithRetry(() => {
      loads += 1
      return imported
    })
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    )
    // The import has settled, and act() has flushed all that React did after it: a screen that
    // stopped suspending would have been drawn (or thrown) by now.
    await act(async () => {
      await imported
    })
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(loads).toBe(1)
  })

  it('does not reload again in the same tab, so an outage cannot loop', async () => {
    sessionStorage.setItem('chunk_reload', '1')
    const Screen = lazyWithRetry(() => Promise.reject(chunkError()))
    await preloadComponent(Screen)
    expect(reload).not.toHaveBeenCalled()
  })

  it('clears the flag once a chunk loads, and loads each screen only once', async () => {
    sessionStorage.setItem('chunk_reload', '1')
    const load = vi.fn(() => Promise.resolve({ default: () => <p>Terms</p> }))
    const Screen = lazyWithRetry(load)
    await preloadComponent(Screen)
    expect(sessionStorage.getItem('chunk_reload')).toBeNull()
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    )
    // Already loaded: drawn in the first render, no fallback in between.
    expect(screen.getByText('Terms')).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("handles Vite's preload error by reloading once and suppressing the error", () => {
    installPreloadErrorRecovery()
    const first = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(first)
    expect(first.defaultPrevented).toBe(true)
    const second = new Event('vite:preloadError', { cancelable: true })
    window.dispatchEvent(second)
    expect(second.defaultPrevented).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
