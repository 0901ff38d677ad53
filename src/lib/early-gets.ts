/**
 * Cold-start GETs sent by the entry script (src/boot.ts) before the app's code has arrived, so a
 * logged-in screen's data travels alongside its JavaScript instead of after it (LCP).
 * The app's HTTP client (src/lib/api-client.ts) takes each answer once, from its beforeRequest
 * hook, in place of sending the same request again. Kept nearly free of imports: it is part of
 * the entry's few kilobytes.
 */
import { routePath } from './route-path'

/** The GETs (paths under /api/v1/, as the client builds them) each screen sends as it opens. */
export const SCREEN_GETS: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['get-user/', 'config/', 'get-membership/', 'dashboard/?link='],
  '/deposit-fee': ['get-user/', 'config/', 'get-membership/', 'withdrawal-status/'],
  '/platform-fee': ['get-user/', 'config/', 'withdrawal-status/'],
  '/wallet': ['get-user/', 'config/', 'wallet/'],
  '/profile': ['get-user/', 'config/'],
}

/** How long an early answer waits to be taken (ms); after that the app asks again itself. */
export const EARLY_GET_TTL_MS = 30_000

/** The longest an early GET may take (ms), like the client's own timeout; then the app asks. */
const EARLY_GET_TIMEOUT_MS = 15_000

const pending = new Map<
  string,
  { response: Promise<Response | null>; token: string; sentAt: number }
>()

/**
 * Sends the GETs of the screen at `pathname` with the stored token (`Authorization: Bearer`);
 * does nothing without a token, offline, or for a screen not in SCREEN_GETS. Network failures
 * and timeouts are kept as `null`, so the app's own request goes out instead.
 */
export function sendEarlyGets(
  pathname: string,
  token: string | null,
  origin = location.origin,
): void {
  const paths = SCREEN_GETS[routePath(pathname)]
  if (!paths || !token || !navigator.onLine) return
  for (const path of paths) {
    const url = new URL(`/api/v1/${path}`, origin).href
    const response = fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
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
