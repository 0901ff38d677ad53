/**
 * Withdrawal mistakes (docs/product.md#screens): the common UPI ID mistakes that make a payout fail or go to the
 * wrong person, then a button to /dashboard.
 */
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { useRules } from '@/stores/rules-store'
import { formatRupees } from '@contract/rules'
import { t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

export default function YourMistake() {
  const rules = useRules()
  return (
    <>
      <AppHeader title={t('Withdrawal mistakes')} />
      <main className="page stack">
        <p>
          <T
            id="Most failed withdrawals come from a wrong UPI ID. A UPI ID looks like <0>name@bank</0>, for example <1>ravi.kumar@okaxis</1>."
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
        <section>
          <h2>{t('Common UPI ID mistakes')}</h2>
          <ul>
            <li>
              {t('A typing mistake: one wrong letter sends the money nowhere, or to someone else.')}
            </li>
            <li>{t('Only your phone number or name without the part after @.')}</li>
            <li>{t('The wrong bank handle after @ (for example @ybl instead of @okaxis).')}</li>
            <li>{t('Spaces before, inside or after the UPI ID.')}</li>
            <li>{t('A UPI ID of a closed or inactive bank account.')}</li>
            <li>{t("Someone else's UPI ID: payouts go only to the UPI ID you enter.")}</li>
          </ul>
        </section>
        <section>
          <h2>{t('Before you submit')}</h2>
          <p>
            {t(
              'Copy the UPI ID from your UPI app (Paytm, PhonePe, Google Pay, BHIM) instead of typing it. If a payout fails, the amount returns to your balance and you can try again.',
            )}
          </p>
          {rules.transferFeeRupees > 0 ? (
            <p data-testid="mistake-fee">
              {t('Each withdrawal has a transfer fee of {fee}.', {
                fee: formatRupees(rules.transferFeeRupees),
              })}
            </p>
          ) : null}
        </section>
        <Link href="/dashboard" className="btn">
          {t('Go to Dashboard')}
        </Link>
      </main>
    </>
  )
}
