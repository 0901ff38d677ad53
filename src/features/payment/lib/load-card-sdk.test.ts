/** The card SDK loader: one runtime script element with the provider's URL, then its checkout. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CARD_SDK_URL, loadCardSdk, startCardCheckout } from './load-card-sdk'

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove())
  delete window.Cashfree
})

const sdkScripts = () =>
  Array.from(document.head.querySelectorAll('script')).filter((s) => s.src === CARD_SDK_URL)

describe('loadCardSdk', () => {
  it('adds no script until asked, then one script element for the SDK URL', async () => {
    expect(sdkScripts()).toHaveLength(0)
    const first = loadCardSdk()
    const second = loadCardSdk()
    expect(sdkScripts()).toHaveLength(1)
    const checkout = vi.fn(async () => ({}))
    window.Cashfree = () => ({ checkout })
    sdkScripts()[0]!.dispatchEvent(new Event('load'))
    await expect(first).resolves.toBe(window.Cashfree)
    await expect(second).resolves.toBe(window.Cashfree)
  })

  it('rejects when the script fails, and tries again on the next call', async () => {
    const failing = loadCardSdk()
    sdkScripts()[0]!.dispatchEvent(new Event('error'))
    await expect(failing).rejects.toThrow('failed to load')
    void loadCardSdk().catch(() => {})
    expect(sdkScripts()).toHaveLength(2)
  })
})

describe('startCardCheckout', () => {
  it('starts the checkout in production mode with the payment session id', async () => {
    const checkout = vi.fn(async () => ({}))
    const factory = vi.fn(() => ({ checkout }))
    window.Cashfree = factory
    await startCardCheckout('session-42')
    expect(factory).toHaveBeenCalledWith({ mode: 'production' })
    expect(checkout).toHaveBeenCalledWith({
      paymentSessionId: 'session-42',
      redirectTarget: '_self',
    })
  })
})
