/** `POST /bank-details/` (docs/product.md#api): saves the bank details; status 200 is success. */
import { api } from '@/lib/api-client'
import type { BankDetailsBody as BankDetailsPayload } from '@contract/api/profile'

export type { BankDetailsPayload }

/**
 * Saves the details. Rethrows the failure (ky `HTTPError` with `{message, code}`: 400 VALIDATION
 * or IFSC_NOT_FOUND; or a network error) after logging it.
 */
export async function addBankDetails(payload: BankDetailsPayload): Promise<void> {
  try {
    await api.post('bank-details/', { json: payload })
  } catch (error) {
    console.error('add bank-details failed', error)
    throw error
  }
}
