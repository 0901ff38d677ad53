/** `POST /user/registration/` (docs/product.md#api): create an account; answers 417 until the email is verified. */
import { api } from '@/lib/api-client'
import { keepDeviceToken } from '@/lib/device-token'
import type { PendingSignup, RegistrationBody } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/** The contract's body: `password` is the 4-digit PIN; an empty `referral_id` is left out. */
export type RegisterInput = RegistrationBody

/**
 * 417 `{message, access_token, device_token, otp_response:{requestId}}` on success (a signup code
 * was mailed; the device token is kept for the next logins); 409 `USER_EXISTS`; 400 `VALIDATION`
 * or `INVALID_REFERRAL` with the server's message.
 */
export async function register(input: RegisterInput): Promise<ApiResult<Partial<PendingSignup>>> {
  const json = { ...input, referral_id: input.referral_id || undefined }
  const result = await toResult<Partial<PendingSignup>>(() =>
    api.post('user/registration/', { json }),
  )
  await keepDeviceToken(result.ok ? result.data.device_token : result.body.device_token)
  return result
}
