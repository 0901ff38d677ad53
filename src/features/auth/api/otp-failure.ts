/**
 * What the OTP screens show under the code boxes after a refused code (docs/product.md#flows, #messages, #security):
 * the one message of that event (no toast beside it).
 */
import { formatIndianNumber } from '@contract/rules'
import { pluralForm } from '@/i18n/format'
import { msg, t } from '@/i18n/i18n'
import type { ApiResult } from './result'

/** docs/product.md#messages's inline text for a wrong code. */
export const WRONG_CODE = msg('Enter Correct OTP')

/**
 * The tries the server says are left for this code (`tries_left` of a 400 OTP_INVALID), or null
 * when the answer does not say.
 */
export function triesLeft(result: ApiResult<unknown>): number | null {
  if (result.ok) return null
  const left = result.body.tries_left
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : null
}

/**
 * The inline text for a refused code: the product’s 'Enter Correct OTP' for a wrong code (400
 * OTP_INVALID) or an answer without a token, with the tries the server says are left for this code
 * ("Enter Correct OTP. 3 tries left."; none left: ask for a new code); for a refusal those words
 * would misdescribe, the server's own message in the page's language (already translated by
 * `readApiError`): an expired or used code, too many tries, the 24-hour lock after 10 wrong codes
 * (423 CODE_ENTRY_LOCKED, which refuses even the right code), a rate limit or no connection. Then
 * nobody keeps typing codes into a flow that cannot accept them.
 */
export function otpFailureText(result: ApiResult<unknown>): string {
  if (result.ok || result.code === 'OTP_INVALID' || !result.message) {
    const left = triesLeft(result)
    if (left === null) return t(WRONG_CODE)
    if (left === 0) {
      return t(
        'Enter Correct OTP. No tries left for this code: ask for a new one with Resend Code.',
      )
    }
    return t(
      'Enter Correct OTP. {form, select, one {{count} try left.} other {{count} tries left.}}',
      { form: pluralForm(left), count: formatIndianNumber(left) },
    )
  }
  return result.message
}
