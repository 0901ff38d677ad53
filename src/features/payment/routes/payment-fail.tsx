/** `/payment-fail` (SPEC §2): Loading for 2 s, then 'Payment Failed' with the attempt and Retry Payment. */
import { formatRupees } from '@/shared/rules'
import { PaymentResult } from '../components/payment-result'
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
      icon={
        <svg
          width="64"
          height="64"
          viewBox="0 0 24 24"
          aria-hidden="true"
          style={{ margin: '0 auto' }}
        >
          <circle cx="12" cy="12" r="11" fill="#b3261e" />
          <path
            d="M8 8l8 8M16 8l-8 8"
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
