/** `/payment-fail` (SPEC §2): Loading for 2 s, then 'Payment Failed' with the attempt and Retry Payment. */
import { formatRupees } from '@/shared/rules'
import { PaymentResult, ResultIcon } from '../components/payment-result'
import { useTransactionDetails } from '../lib/use-transaction-details'

export default function PaymentFail() {
  const state = useTransactionDetails()
  return (
    <PaymentResult
      state={state}
      title="Payment Failed"
      rows={(details) => [
        ['Amount attempted', formatRupees(details.amount)],
        ['Payment method', details.method],
      ]}
      action={{ href: '/payment', label: 'Retry Payment' }}
      icon={<ResultIcon color="#b3261e" path="M8 8l8 8M16 8l-8 8" />}
    />
  )
}
