/**
 * `POST /send-signup-otp/` (contract-accounts): mail a new signup code to an unverified email. The
 * server answers every address alike (docs/product.md#security); only a pending signup gets the mail.
 */
import { api } from '@/lib/api-client'
import type { SignupOtpSent } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/**
 * 200 `{message, otp_response:{requestId}}`; 429 `RESEND_TOO_SOON` with `retry_after_seconds`,
 * 429 `TOO_MANY_CODES`, 423 `CODE_ENTRY_LOCKED`, 503 `HASHING_BUSY`.
 */
export function sendSignupOtp(email: string): Promise<ApiResult<Partial<SignupOtpSent>>> {
  return toResult(() => api.post('send-signup-otp/', { json: { email_id: email } }))
}
