/** `GET /get-upi/` (docs/product.md#api): the two payees behind the QR codes. */
import { api } from '@/lib/api-client'
import type { UpiPayee } from '@contract/api/orders'

export type { UpiPayee }

/** Fetches the payees; throws on failure or an answer without payees. */
export async function getUpi(): Promise<UpiPayee[]> {
  const body = await api.get('get-upi/').json<{ data?: { payees?: UpiPayee[] } }>()
  const payees = body.data?.payees
  if (!Array.isArray(payees) || payees.length === 0) throw new Error('get-upi answered no payees')
  return payees
}
