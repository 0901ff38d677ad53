/** `POST /send-signup-otp/` (contract-accounts): mail a new signup code to an unverified email. */
import { api } from '@/lib/api-client'
import type { SignupOtpSent } from '@/shared/contract/accounts'
import { toResult, type ApiResult } from './result'

/**
 * 200 `{message, otp_response:{requestId}}`; 429 `RESEND_TOO_SOON` with `retry_after_seconds`;
 * 404 `NO_PENDING_SIGNUP`.
 */
export function sendSignupOtp(email: string): Promise<ApiResult<Partial<SignupOtpSent>>> {
  return toResult(() => api.post('send-signup-otp/', { json: { email_id: email } }))
}
