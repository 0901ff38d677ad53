/**
 * Loads the card provider's checkout SDK (Cashfree JS v3) with a script element created at run
 * time, on the /payment page only (docs/product.md#deviations), once per page load. The server's CSP allows the
 * SDK's origin only when the card provider is configured.
 */

export const CARD_SDK_URL = 'https://sdk.cashfree.com/js/v3/cashfree.js'

/** The part of the SDK this page uses. */
export interface CardCheckout {
  checkout(options: {
    paymentSessionId: string
    redirectTarget?: '_self' | '_blank'
  }): Promise<unknown>
}
export type CardSdkFactory = (options: { mode: 'production' | 'sandbox' }) => CardCheckout

declare global {
  interface Window {
    Cashfree?: CardSdkFactory
  }
}

let loading: Promise<CardSdkFactory> | null = null

/** Resolves with the SDK's factory; rejects when the script fails to load (a later call retries). */
export function loadCardSdk(): Promise<CardSdkFactory> {
  if (window.Cashfree) return Promise.resolve(window.Cashfree)
  loading ??= new Promise<CardSdkFactory>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = CARD_SDK_URL
    script.async = true
    script.onload = () => {
      if (window.Cashfree) resolve(window.Cashfree)
      else reject(new Error('card SDK loaded without its global'))
    }
    script.onerror = () => reject(new Error('card SDK failed to load'))
    document.head.appendChild(script)
  }).finally(() => {
    // Once loaded the global answers; after a failure the next call tries again.
    loading = null
  })
  return loading
}

/** Starts the provider's checkout for a payment session (docs/product.md#api: production mode, INR). */
export async function startCardCheckout(paymentSessionId: string): Promise<void> {
  const factory = await loadCardSdk()
  await factory({ mode: 'production' }).checkout({ paymentSessionId, redirectTarget: '_self' })
}
