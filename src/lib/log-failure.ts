/**
 * One way to log a failed call: an expected refusal (an HTTP 4xx answer: a paid fee, too many open
 * orders, an unknown order) is a warning, since the screen already says what happened; anything
 * else (5xx, offline, a bug) is an error.
 */
import { HTTPError } from 'ky'

/** Logs `error` from the call named `what` as a warning for a 4xx answer, as an error otherwise. */
export function logFailure(what: string, error: unknown): void {
  const status = error instanceof HTTPError ? error.response.status : 0
  if (status >= 400 && status < 500) console.warn(`${what}: ${status}`)
  else console.error(what, error)
}
