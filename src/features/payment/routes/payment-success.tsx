/** `/payment-success` (SPEC §2): Loading for 2 s, then 'Ticket Payment Successful' with its details. */
import { formatRupees } from '@/shared/rules'
import { PaymentResult, ResultIcon } from '../components/payment-result'
import { useTransactionDetails } from '../lib/use-transaction-details'

export default function PaymentSuccess() {
  const state = useTransactionDetails()
  return (
    <PaymentResult
      state={state}
      title="Ticket Payment Successful"
      rows={(details) => [
        ['Transaction number', details.transactionNumber],
        ['Amount paid', formatRupees(details.amount)],
        ['Payment method', details.method],
      ]}
      action={{ href: '/dashboard', label: 'Confirm Payment' }}
      errorAction={{ href: '/dashboard', label: 'Go to Dashboard' }}
      icon={<ResultIcon color="#0b7a3e" path="M7 12.5l3 3 7-7" />}
    />
  )
}
