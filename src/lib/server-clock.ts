/**
 * The server's clock as seen from this device. Reward claims carry `watched_at` (docs/product.md#api),
 * which the server checks against its own clock; a cheap phone's clock is often minutes off, and
 * a claim stamped by it could be refused for good. The offset is learnt from the `Date` header of
 * answers to non-GET calls only: GET answers may come from the service worker's cache, whose
 * `Date` is as old as the cached copy.
 */

let offsetMs = 0

/**
 * Records the server time of an answer received at `receivedAtMs` (device ms since epoch).
 * `Date` is cut to the second, so the end of that second is taken: the estimate is never behind
 * the server, and a `watched_at` never early (the server accepts up to 5 s ahead, docs/product.md#api).
 */
export function noteServerDate(dateHeader: string | null, receivedAtMs: number = Date.now()): void {
  const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN
  if (Number.isFinite(serverMs)) offsetMs = serverMs + 1000 - receivedAtMs
}

/** Converts a device moment to the server's clock (unchanged until an answer taught the offset). */
export function toServerTime(deviceTime: Date): Date {
  return new Date(deviceTime.getTime() + offsetMs)
}

/** The learnt offset in ms (server minus device); for tests and diagnostics. */
export function serverClockOffsetMs(): number {
  return offsetMs
}
