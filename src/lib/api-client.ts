/**
 * The one HTTP client of the PWA (ky), rooted at `/api/v1` (docs/product.md#api). It sends the stored
 * token as `Authorization: Bearer …` and the device token, once a login gave one, as
 * `X-Device-Token` (./device-token.ts), and on a 401 clears the token and goes to /loginn.
 * Failures come back as `HTTPError`; `readApiError` turns one into the server's `{message, code}`.
 */
import ky, { HTTPError } from 'ky'
import { clearAccessToken, getAccessToken } from './session'
import { DEVICE_TOKEN_HEADER, deviceToken } from './device-token'
import { noteServerDate } from './server-clock'
import { takeEarlyGet } from './early-gets'
import { apiErrorText, loadApiErrorTexts } from './api-error-text'
import { i18n } from '@/i18n/i18n'
import type { ErrorBody } from '@contract/api/common'

/** Where a 401 sends the visitor; replaced by the app with its router's navigate. */
let onUnauthorized: () => void = () => window.location.assign('/loginn')

/** Lets the app route a 401 through its router instead of a full page load. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler
}

export const api = ky.create({
  prefixUrl: '/api/v1/',
  timeout: 15_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getAccessToken()
        if (token && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${token}`)
        }
      },
      // The entry script may have sent this GET already (src/lib/early-gets.ts): use its answer.
      (request) =>
        request.method === 'GET' ? takeEarlyGet(request.url, getAccessToken()) : undefined,
      // After the early answer: a request the entry script already sent never waits for IndexedDB.
      async (request) => {
        const device = await deviceToken()
        if (device) request.headers.set(DEVICE_TOKEN_HEADER, device)
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // Only non-GET answers: a GET may come from the service worker's cache, with an old Date.
        if (request.method !== 'GET') noteServerDate(response.headers.get('date'))
        if (response.status === 401 && request.headers.has('Authorization')) {
          clearAccessToken()
          onUnauthorized()
        }
      },
    ],
  },
})

/** The server's error body (docs/product.md#api). */
export type ApiErrorBody = ErrorBody & { [extra: string]: unknown }

/**
 * Reads `{message, code}` from a failed call, the message in the active language
 * (./api-error-text.ts); null when the failure was not an HTTP answer (offline, timeout). A body
 * that is not JSON reads as an empty message and code.
 */
export async function readApiError(
  error: unknown,
): Promise<(ApiErrorBody & { status: number }) | null> {
  if (!(error instanceof HTTPError)) return null
  if (i18n.locale === 'hi') await loadApiErrorTexts()
  try {
    const body = (await error.response.clone().json()) as Partial<ApiErrorBody>
    return {
      ...body,
      message: apiErrorText({ ...body, message: String(body.message ?? '') }),
      code: String(body.code ?? ''),
      status: error.response.status,
    }
  } catch {
    return { message: '', code: '', status: error.response.status }
  }
}
