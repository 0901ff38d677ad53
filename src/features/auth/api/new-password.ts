/** `POST /new-password/` (docs/product.md#api): set a new PIN with the proof of a verified OTP. */
import { api } from '@/lib/api-client'
import type { NewPasswordBody } from '@contract/api/accounts'
import type { MessageOnly } from '@contract/api/common'
import { toResult, type ApiResult } from './result'

/**
 * The contract's body: `new_password` is the new 4-digit PIN; `reset_token` comes from the OTP
 * check (`setResetToken`) and is always sent.
 */
export type NewPasswordInput = NewPasswordBody & { reset_token: string }

/** 200 `{message}`; 400 `RESET_TOKEN_INVALID` or `VALIDATION`. Revokes every token of the user. */
export function newPassword(input: NewPasswordInput): Promise<ApiResult<Partial<MessageOnly>>> {
  return toResult(() => api.post('new-password/', { json: input }))
}
