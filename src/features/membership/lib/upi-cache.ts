/**
 * The payees fetched on the deposit page right after the order (docs/product.md#flows), handed to /m-payment so
 * it need not ask again. Lives only in memory for this page load.
 */
import type { UpiPayee } from '../api/get-upi'

let payees: UpiPayee[] | null = null

export const rememberPayees = (list: UpiPayee[]): void => {
  payees = list
}
export const rememberedPayees = (): UpiPayee[] | null => payees
