/** `POST /verify-otp-after-signup/` (docs/product.md#api): check the signup code; the stored token goes along. */
import { api } from '@/lib/api-client'
import type { ResetTokenAnswer } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/**
 * `otp` is the 4-digit code; the code is found by `email` (the address it was mailed to: works in
 * any browser session) or by `requestId` (the `request_id` this browser stored at signup).
 * 200 `{message, reset_token}`; 400 `OTP_INVALID` `{tries_left}` | `OTP_EXPIRED` | `OTP_USED` |
 * `OTP_TOO_MANY_TRIES`; 423 `CODE_ENTRY_LOCKED`.
 */
export function verifySignupOtp(
  otp: string,
  code: { email: string } | { requestId: string },
): Promise<ApiResult<Partial<ResetTokenAnswer>>> {
  const json = 'email' in code ? { otp, email_id: code.email } : { otp, request_id: code.requestId }
  return toResult(() => api.post('verify-otp-after-signup/', { json }))
}
