/** `GET /bank-details/` (docs/product.md#api): the saved bank details, used to prefill the form. */
import { api } from '@/lib/api-client'
import type { SavedBankDetails } from '@contract/api/profile'

export type { SavedBankDetails }

/** Resolves with the saved details, or null when none are saved yet. Throws when the call fails. */
export async function getBankDetails(): Promise<SavedBankDetails | null> {
  const body = await api.get('bank-details/').json<{ data: { data: SavedBankDetails | null } }>()
  return body.data.data
}
