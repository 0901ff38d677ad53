/** `GET /bank-details/` (SPEC §7): the saved bank details, used to prefill the form. */
import { HTTPError } from 'ky'
import { api } from '@/lib/api-client'
import type { SavedBankDetails } from '@contract/api/profile'

export type { SavedBankDetails }

/**
 * Resolves with the saved details, or null when none are saved yet (404). Rethrows any other
 * failure after logging it.
 */
export async function getBankDetails(): Promise<SavedBankDetails | null> {
  try {
    const body = await api.get('bank-details/').json<{ data: { data: SavedBankDetails } }>()
    return body.data.data
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null
    console.error('get bank-details failed', error)
    throw error
  }
}
