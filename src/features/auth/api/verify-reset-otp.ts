/** `POST /verify-otp/` (docs/product.md#api): check a PIN-reset code for an email. */
import { api } from '@/lib/api-client'
import type { ResetTokenAnswer } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/** 200 `{message, reset_token}`; 400 with the same OTP codes as the signup check. */
export function verifyResetOtp(
  otp: string,
  email: string,
): Promise<ApiResult<Partial<ResetTokenAnswer>>> {
  return toResult(() => api.post('verify-otp/', { json: { otp, email_id: email } }))
}
