/** Bank details confirmation (docs/product.md#screens): the saved message and Back to Home (to /dashboard). */
import { Link } from 'wouter'
import '../profile.css'
import { t } from '@/i18n/i18n'

export default function BankDetailsConfirmation() {
  return (
    <main className="page confirmation">
      <svg className="confirmation-icon" viewBox="0 0 88 88" aria-hidden="true">
        <circle cx="44" cy="44" r="42" fill="#0b7a3e" />
        <path
          d="M26 45l12 12 24-26"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1>{t('Bank Details Added Successfully!')}</h1>
      <p className="muted">
        {t(
          'Your bank details have been successfully saved. You can now proceed with transactions.',
        )}
      </p>
      <Link href="/dashboard" className="btn">
        {t('Back to Home')}
      </Link>
    </main>
  )
}
