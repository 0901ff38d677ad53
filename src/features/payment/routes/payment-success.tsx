/** `/payment-success` (SPEC §2): Loading for 2 s, then 'Ticket Payment Successful' with its details. */
import { formatRupees } from '@/shared/rules'
import { PaymentResult } from '../components/payment-result'
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
      icon={
        <svg
          width="64"
          height="64"
          viewBox="0 0 24 24"
          aria-hidden="true"
          style={{ margin: '0 auto' }}
        >
          <circle cx="12" cy="12" r="11" fill="#0b7a3e" />
          <path
            d="M7 12.5l3 3 7-7"
            fill="none"
            stroke="#fff"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      }
    />
  )
}
