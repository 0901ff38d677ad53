/** `POST /verify-otp-after-signup/` (SPEC §7): check the signup code; the stored token goes along. */
import { api } from '@/lib/api-client'
import type { ResetTokenAnswer } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/**
 * `otp` is the 4-digit code, `requestId` the stored `request_id`. 200 `{message, reset_token}`;
 * 400 `OTP_INVALID` | `OTP_EXPIRED` | `OTP_USED` | `OTP_TOO_MANY_TRIES`.
 */
export function verifySignupOtp(
  otp: string,
  requestId: string,
): Promise<ApiResult<Partial<ResetTokenAnswer>>> {
  return toResult(() =>
    api.post('verify-otp-after-signup/', { json: { otp, request_id: requestId } }),
  )
}
