/**
 * Cold-start GETs sent by the entry script (src/boot.ts) before the app's code has arrived, so a
 * screen's data travels alongside its JavaScript instead of after it (a logged-in screen's LCP,
 * the payment result's deadline: docs/product.md#budgets).
 * The app's HTTP client (src/lib/api-client.ts) takes each answer once, from its beforeRequest
 * hook, in place of sending the same request again. Each screen's GETs are the route table's
 * `reads` (contract/routes.ts). Kept nearly free of imports: it is part of the entry's few
 * kilobytes.
 */
import { findRoute, routeReads } from '@contract/routes'

/** How long an early answer waits to be taken (ms); after that the app asks again itself. */
export const EARLY_GET_TTL_MS = 30_000

/** The longest an early GET may take (ms), like the client's own timeout; then the app asks. */
const EARLY_GET_TIMEOUT_MS = 15_000

const pending = new Map<
  string,
  { response: Promise<Response | null>; token: string | null; sentAt: number }
>()

/**
 * Sends the GETs of the screen at `pathname`, opened with the query `search` (`routeReads`), with
 * the stored token (`Authorization: Bearer`); does nothing offline, for a route without `reads`,
 * or without a token for a signed-in route (a route a guest may open reads without one too).
 * Network failures and timeouts are kept as `null`, so the app's own request goes out instead.
 */
export function sendEarlyGets(
  pathname: string,
  token: string | null,
  origin = location.origin,
  search = location.search,
): void {
  const route = findRoute(pathname)
  if (!route || (!token && route.access === 'auth') || !navigator.onLine) return
  for (const path of routeReads(route, search)) {
    const url = new URL(`/api/v1/${path}`, origin).href
    const response = fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(EARLY_GET_TIMEOUT_MS),
    }).catch(() => null)
    pending.set(url, { response, token, sentAt: Date.now() })
  }
}

/**
 * The early answer for a GET of `url` (absolute) sent with `token`, once: later calls, other
 * URLs or tokens, and answers older than EARLY_GET_TTL_MS get `undefined`, and the caller sends
 * its own request.
 */
export async function takeEarlyGet(
  url: string,
  token: string | null,
): Promise<Response | undefined> {
  const early = pending.get(url)
  if (!early) return undefined
  pending.delete(url)
  if (early.token !== token || Date.now() - early.sentAt > EARLY_GET_TTL_MS) return undefined
  return (await early.response) ?? undefined
}
