/** `POST /new-password/` (SPEC §7, DECISIONS §6): set a new PIN with the proof of a verified OTP. */
import { api } from '@/lib/api-client'
import { toResult, type ApiResult } from './result'

export interface NewPasswordInput {
  email_id: string
  /** The new 4-digit PIN. */
  new_password: string
  /** From the OTP check (`setResetToken`). */
  reset_token: string
}

/** 200 `{message}`; 400 `RESET_TOKEN_INVALID` or `VALIDATION`. Revokes every token of the user. */
export function newPassword(input: NewPasswordInput): Promise<ApiResult<{ message?: string }>> {
  return toResult(() => api.post('new-password/', { json: input }))
}
