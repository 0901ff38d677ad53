/**
 * What the OTP screens show under the code boxes after a refused code (SPEC §4, §8; DECISIONS §7).
 */
import { msg, t } from '@/i18n/i18n'
import type { ApiResult } from './result'

/**
 * The id of the failure toast: each refused code replaces the last one's toast instead of adding
 * another, so quick retries never stack toasts over the screen.
 */
export const OTP_FAILURE_TOAST = { id: 'otp-failure' }

/** SPEC §8's inline text for a wrong code. */
export const WRONG_CODE = msg('Enter Correct OTP')

/**
 * The inline text for a refused code: SPEC's 'Enter Correct OTP' for a wrong code (400
 * OTP_INVALID) or an answer without a token; for a refusal those words would misdescribe, the
 * server's own message in the page's language (already translated by `readApiError`): an expired
 * or used code, too many tries, the 24-hour lock after 10 wrong codes (423 CODE_ENTRY_LOCKED,
 * which refuses even the right code), a rate limit or no connection. Then nobody keeps typing
 * codes into a flow that cannot accept them.
 */
export function otpFailureText(result: ApiResult<unknown>): string {
  if (result.ok || result.code === 'OTP_INVALID' || !result.message) return t(WRONG_CODE)
  return result.message
}
