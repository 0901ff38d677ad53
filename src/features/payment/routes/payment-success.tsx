/**
 * `/payment-success` (docs/product.md#screens, #transparency): Loading for 2 s, then the server's record of the
 * order: 'Ticket Payment Successful' only when the server says it is paid.
 */
import { PaymentResult } from '../components/payment-result'
import { useTransactionDetails } from '../lib/use-transaction-details'

export default function PaymentSuccess() {
  return <PaymentResult state={useTransactionDetails()} page="success" />
}
