/**
 * How the account calls report back: an `ApiResult` value instead of an exception, because a
 * wrong PIN, a wrong OTP or a 417 "verify your email" are expected answers the screens render
 * (STYLE: expected failures are values). Only this file talks to ky's error type.
 */
import type { ResponsePromise } from 'ky'
import { readApiError } from '@/lib/api-client'

/** A 2xx answer with its JSON body. */
export interface ApiSuccess<T> {
  ok: true
  status: number
  data: T
}

/**
 * A non-2xx answer (`status` set, `message`/`code` from the server's `{message, code}` body,
 * every other body field in `body`), or no answer at all (`status` null: offline, timeout).
 */
export interface ApiFailure {
  ok: false
  status: number | null
  message: string
  code: string
  body: Record<string, unknown>
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure

/**
 * Runs one call and turns its outcome into an `ApiResult`. Never throws; unexpected failures
 * (no HTTP answer) are logged.
 */
export async function toResult<T>(call: () => ResponsePromise): Promise<ApiResult<T>> {
  try {
    const response = await call()
    const text = await response.text()
    return { ok: true, status: response.status, data: (text ? JSON.parse(text) : {}) as T }
  } catch (error) {
    const answer = await readApiError(error)
    if (!answer) {
      console.error('account call failed without an answer', error)
      return { ok: false, status: null, message: '', code: 'NETWORK', body: {} }
    }
    const { status, message, code, ...body } = answer
    return { ok: false, status, message, code, body }
  }
}

/** The `otp_response.requestId` of a registration, login (417) or resend answer, if any. */
export function readRequestId(body: Record<string, unknown>): string | null {
  const otp = body.otp_response as { requestId?: unknown } | undefined
  return typeof otp?.requestId === 'string' || typeof otp?.requestId === 'number'
    ? String(otp.requestId)
    : null
}

/** The `access_token` of an answer body, if any. */
export function readAccessToken(body: Record<string, unknown>): string | null {
  return typeof body.access_token === 'string' && body.access_token ? body.access_token : null
}
