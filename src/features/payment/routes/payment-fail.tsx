/**
 * `/payment-fail` (docs/product.md#screens, #transparency): Loading for 2 s, then the server's record of the order:
 * 'Payment Failed' with the attempt and Retry Payment when it did not go through.
 */
import { PaymentResult } from '../components/payment-result'
import { useTransactionDetails } from '../lib/use-transaction-details'

export default function PaymentFail() {
  return <PaymentResult state={useTransactionDetails()} page="fail" />
}
