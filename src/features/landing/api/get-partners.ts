/** `GET /our-partners/` (docs/product.md#api): the partners shown on the landing page; no token needed. */
import { api } from '@/lib/api-client'
import type { Partner } from '@contract/api/profile'

export type { Partner }

/**
 * Fetches the partners list. Throws the client's error when the call fails (offline, 5xx) or
 * when the answer is not an array, so the caller can hide the strip.
 */
export async function getPartners(): Promise<Partner[]> {
  const body = await api.get('our-partners/').json<unknown>()
  if (!Array.isArray(body)) throw new Error('our-partners: the answer is not an array')
  return body as Partner[]
}
