/**
 * Every withdrawal condition, in one place (DECISIONS §3–4, issue 13): the conditions the server
 * enforces (from the served rules: minimum balance, videos watched, referrals, platform fee), the
 * transfer fee and the payout time. For a logged-in user each condition shows the user's own
 * progress (✓ / 3 of 25 videos), the payout time is the user's plan's, and an estimate gives the
 * days to the minimum balance at the plan's rate. Used on the landing, the Withdraw popup, help,
 * terms, How To Earn, /deposit-fee and /platform-fee.
 */
import {
  formatCoins,
  formatIndianNumber,
  formatRupees,
  withdrawalConditions,
  type Rules,
} from '@/shared/rules'
import { formatDays } from '@/shared/payout-time'
import { useWithdrawalStatus, type ConditionProgress } from '@/lib/withdrawal-status'

interface Props {
  rules: Rules
  /** The section's heading; none when the surrounding screen already has one (a popup). */
  title?: string
  /** The line before the list. */
  intro?: string
}

/** The user's progress on one condition, in words. */
function progressText(p: ConditionProgress, rules: Rules): string {
  if (p.met) return 'done'
  switch (p.key) {
    case 'balance':
      return `you have ${formatCoins(p.have, rules)}`
    case 'videos':
      return `${formatIndianNumber(p.have)} of ${formatIndianNumber(p.need)} videos`
    case 'referrals':
      return `${p.have} of ${p.need} friends`
    case 'platformFee':
      return 'not paid yet'
  }
}

export function WithdrawalConditions({
  rules,
  title = 'How withdrawals work',
  intro = 'To withdraw your earnings to your UPI ID you need:',
}: Props) {
  const status = useWithdrawalStatus()
  const conditions = withdrawalConditions(rules)
  const progress = new Map(status?.conditions.map((c) => [c.key, c]))
  const balanceMet = progress.get('balance')?.met
  const days = status?.days_to_min_balance
  return (
    <section
      className="card stack"
      aria-label={title ? undefined : 'Withdrawal conditions'}
      aria-labelledby={title ? 'withdrawal-conditions-title' : undefined}
      data-testid="withdrawal-conditions"
    >
      {title ? <h2 id="withdrawal-conditions-title">{title}</h2> : null}
      {conditions.length > 0 ? (
        <>
          <p style={{ margin: 0 }}>{intro}</p>
          <ul
            className="conditions-list"
            // With the user's ✓ / ○ marks, bullets would say the same thing twice.
            style={status ? { listStyle: 'none', paddingLeft: 0 } : undefined}
          >
            {conditions.map((c) => {
              const p = progress.get(c.key)
              return (
                <li key={c.key} data-testid={`condition-${c.key}`} data-met={p ? p.met : undefined}>
                  {p ? (
                    <span aria-hidden="true" className={p.met ? 'ok-text' : 'muted'}>
                      {p.met ? '✓ ' : '○ '}
                    </span>
                  ) : null}
                  {c.text}
                  {p ? <span className="muted"> ({progressText(p, rules)})</span> : null}
                </li>
              )
            })}
          </ul>
        </>
      ) : (
        <p>There are no conditions for withdrawing.</p>
      )}
      {rules.transferFeeRupees > 0 ? (
        <p data-testid="condition-transfer-fee" style={{ margin: 0 }}>
          A transfer fee of {formatRupees(rules.transferFeeRupees)} is taken from each withdrawal:
          the amount sent is the amount you choose minus {formatRupees(rules.transferFeeRupees)}.
        </p>
      ) : null}
      <p data-testid="withdrawal-payout-time" style={{ margin: 0 }}>
        {status
          ? `On your plan a withdrawal is paid within ${formatDays(status.payout_days)} of your request.`
          : rules.withdrawalTime
            ? `A withdrawal is paid within ${rules.withdrawalTime} of the request, depending on the plan.`
            : 'A withdrawal is paid within the days your plan states (see Membership Plans).'}
      </p>
      {status && rules.withdrawMinBalanceRupees > 0 && !balanceMet && days ? (
        <p data-testid="withdrawal-estimate" className="muted" style={{ margin: 0 }}>
          At your plan&apos;s rate ({formatCoins(status.video_point, rules)} per video,{' '}
          {status.daily_videos} videos a day), about {formatDays(days)} to{' '}
          {formatRupees(rules.withdrawMinBalanceRupees)}.
        </p>
      ) : null}
    </section>
  )
}
