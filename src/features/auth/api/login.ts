/** `POST /user/login/` (docs/product.md#api, contract-accounts): log in with an email or a 10-digit phone. */
import { api } from '@/lib/api-client'
import { keepDeviceToken } from '@/lib/device-token'
import type { LoginOk } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

export interface LoginInput {
  /** An email or a 10-digit phone number; both are sent in `email` (docs/product.md#validation). */
  identifier: string
  /** The 4-digit PIN. */
  pin: string
}

/**
 * 200 `{message, access_token, device_token}`; 401 wrong identifier or PIN; 417 email not verified
 * (body has `access_token`, `device_token` and `otp_response.requestId`, a code was mailed); 423
 * locked; 429 rate limited; 503 busy. The device token is kept for the next logins.
 */
export async function login({ identifier, pin }: LoginInput): Promise<ApiResult<Partial<LoginOk>>> {
  const result = await toResult<Partial<LoginOk>>(() =>
    api.post('user/login/', { json: { email: identifier, login_type: 'email', password: pin } }),
  )
  await keepDeviceToken(result.ok ? result.data.device_token : result.body.device_token)
  return result
}
