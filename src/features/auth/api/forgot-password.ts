/** `POST /forgot-password/` (docs/product.md#api): mail a PIN-reset code; also the reset screen's resend. */
import { api } from '@/lib/api-client'
import type { MessageOnly } from '@contract/api/common'
import { toResult, type ApiResult } from './result'

/** 200 `{message}` (also for unknown emails); 429 `RESEND_TOO_SOON`; 400 `VALIDATION`. */
export function forgotPassword(email: string): Promise<ApiResult<Partial<MessageOnly>>> {
  return toResult(() => api.post('forgot-password/', { json: { email_id: email } }))
}
