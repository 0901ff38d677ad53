/** `POST /unlock/` (docs/product.md#security): spend a lock mail's unlock link for a reset token. */
import { api } from '@/lib/api-client'
import type { ResetTokenAnswer } from '@contract/api/accounts'
import { toResult, type ApiResult } from './result'

/**
 * 200 `{message, reset_token}`: every lock on the account is cleared; 400 `UNLOCK_LINK_INVALID`
 * (used, older than 24 hours, or another address's link).
 */
export function unlockAccount(
  email: string,
  unlockToken: string,
): Promise<ApiResult<Partial<ResetTokenAnswer>>> {
  return toResult(() =>
    api.post('unlock/', { json: { email_id: email, unlock_token: unlockToken } }),
  )
}
