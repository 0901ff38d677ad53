/**
 * The notice after a withdrawal request (docs/product.md#screens keyfrom=withdrawal): processing, and how long it
 * takes on the user's own plan (GET /withdrawal-status/), else the plans' range.
 * The status is fetched only while the notice shows, not on every dashboard visit.
 */
import { useWithdrawalStatus } from '@/lib/withdrawal-status'
import { formatDayRange, formatDays } from '@/i18n/format'
import { t } from '@/i18n/i18n'
import type { Rules } from '@contract/rules'

export function WithdrawNotice({ rules }: { rules: Rules }) {
  const status = useWithdrawalStatus()
  const time = status
    ? formatDays(status.payout_days)
    : rules.withdrawalTime
      ? formatDayRange(rules.withdrawalTime)
      : t('the days your plan states')
  return (
    <p className="notice" role="status">
      {t(
        'Your withdrawal request is being processed. It is paid within {time}; your wallet shows the date.',
        { time },
      )}
    </p>
  )
}
