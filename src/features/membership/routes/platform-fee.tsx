/**
 * Platform fee (docs/product.md#screens, #rules, #transparency): explains the one-time refundable fee, lists every
 * withdrawal condition and the timeline before paying, and goes to the UPI payment screen. Whether
 * the fee is paid comes from the saved user, labelled with its time, then from `GET /get-user/`
 * (docs/product.md#budgets).
 */
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { UserSavedAt } from '@/components/user-saved-at'
import { refreshUser } from '@/stores/get-user'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { formatRupees } from '@contract/rules'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { t } from '@/i18n/i18n'

export default function PlatformFee() {
  const rules = useRules()
  const paid = useUserStore((s) => s.user?.platform_fee_paid ?? false)
  const [failed, setFailed] = useState(false)
  const fee = formatRupees(rules.platformFeeRupees)
  const href = `/m-payment?deposit=${rules.platformFeeRupees}&KeyFrom=Platform Fee`

  useEffect(() => {
    // Whether the fee is paid is the saved user's until the server answers; a failure keeps it,
    // and its line says it is the saved copy.
    refreshUser({ reuseRecent: true }).catch(() => setFailed(true))
  }, [])

  return (
    <>
      <AppHeader title={t('Platform Fee')} />
      <main className="page stack">
        <h2>{t('Pay the {fee} platform fee to withdraw', { fee })}</h2>
        <p>
          {t(
            'Withdrawals need a one-time platform fee of {fee}. It is refundable: ask for a refund within {days} days and it is paid back to your UPI ID.',
            { fee, days: rules.platformFeeRefundDays },
          )}
        </p>
        <WithdrawalConditions rules={rules} title={t('Before you pay: how withdrawals work')} />
        {/* When the user's fee status below was fetched: the saved copy's time until the server answers. */}
        <UserSavedAt stale={failed} />
        {paid ? (
          <p className="notice" role="status">
            {t('You have already paid the platform fee.')}
          </p>
        ) : (
          // Pinned to the foot of the screen: the one action is in view at 360×800 while the
          // conditions above it are read.
          <div className="sticky-action">
            <Link href={href} className="btn">
              {t('Pay {fee}', { fee })}
            </Link>
          </div>
        )}
      </main>
    </>
  )
}
