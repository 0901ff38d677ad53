/** `POST /user/registration/` (SPEC §3, §7): create an account; answers 417 until the email is verified. */
import { api } from '@/lib/api-client'
import { toResult, type ApiResult } from './result'

export interface RegisterInput {
  first_name: string
  phone_number: string
  email: string
  /** The 4-digit PIN. */
  password: string
  /** A friend's referral code; omitted when empty. */
  referral_id?: string
}

/**
 * 417 `{message, access_token, otp_response:{requestId}}` on success (a signup code was mailed);
 * 409 `USER_EXISTS`; 400 `VALIDATION` or `INVALID_REFERRAL` with the server's message.
 */
export function register(
  input: RegisterInput,
): Promise<ApiResult<{ message?: string; access_token?: string }>> {
  const json = { ...input, referral_id: input.referral_id || undefined }
  return toResult(() => api.post('user/registration/', { json }))
}
