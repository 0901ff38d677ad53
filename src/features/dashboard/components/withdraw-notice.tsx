/**
 * The notice after a withdrawal request (SPEC §2 keyfrom=withdrawal): processing, and how long it
 * takes on the user's own plan (GET /withdrawal-status/, issue 13), else the plans' range.
 * The status is fetched only while the notice shows, not on every dashboard visit.
 */
import { useWithdrawalStatus } from '@/lib/withdrawal-status'
import { formatDays } from '@/shared/payout-time'
import type { Rules } from '@/shared/rules'

export function WithdrawNotice({ rules }: { rules: Rules }) {
  const status = useWithdrawalStatus()
  const time = status
    ? formatDays(status.payout_days)
    : rules.withdrawalTime || 'the days your plan states'
  return (
    <p className="notice" role="status">
      Your withdrawal request is being processed. It is paid within {time}; your wallet shows the
      date.
    </p>
  )
}
