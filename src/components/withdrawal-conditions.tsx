/**
 * Every withdrawal condition, in one place (docs/product.md#rules, #transparency): the conditions the server enforces
 * (from the served rules: minimum balance, videos watched, referrals, platform fee), the transfer
 * fee and the payout time. For a logged-in user each condition shows the user's own progress (✓ / 3
 * of 25 videos), the payout time is the user's plan's, and an estimate gives the days to the
 * minimum balance at the plan's rate. Used on the landing, the Withdraw popup, help, terms, How To
 * Earn, /deposit-fee and /platform-fee.
 */
import {
  rupeesToCoins,
  withdrawalConditions,
  type Rules,
  type WithdrawalCondition,
} from '@contract/rules'
import {
  formatAmount,
  formatCoins,
  formatDayRange,
  formatDays,
  formatIndianNumber,
  formatRupees,
} from '@/i18n/format'
import { t } from '@/i18n/i18n'
import {
  useWithdrawalStatusResult,
  type ConditionProgress,
  type WithdrawalStatus,
} from '@/lib/withdrawal-status'
import { useLoggedIn } from '@/lib/use-logged-in'
import { Skeleton } from './skeleton'

interface Props {
  rules: Rules
  /** The section's heading; none when the surrounding screen already has one (a popup). */
  title?: string
  /** The line before the list. */
  intro?: string
}

/** The user's progress on one condition, in words. */
function progressText(p: ConditionProgress, rules: Rules): string {
  if (p.met) return t('done')
  switch (p.key) {
    case 'balance':
      // Rupees first, as the condition itself is stated (docs/product.md#units).
      return t('you have {coins}', { coins: formatAmount(p.have, 'rupees', rules) })
    case 'videos':
      return t('{have} of {need} videos', {
        have: formatIndianNumber(p.have),
        need: formatIndianNumber(p.need),
      })
    case 'referrals':
      return t('{have} of {need} friends', { have: p.have, need: p.need })
    case 'platformFee':
      return t('not paid yet')
  }
}

/** A condition in the active language (contract/rules.ts words it in English for the server). */
function conditionText(c: WithdrawalCondition, rules: Rules): string {
  switch (c.key) {
    case 'balance':
      return t('A balance of at least {rupees} ({coins} coins)', {
        rupees: formatRupees(rules.withdrawMinBalanceRupees),
        coins: formatIndianNumber(rupeesToCoins(rules.withdrawMinBalanceRupees, rules)),
      })
    case 'videos':
      return t('At least {count} videos watched', { count: rules.withdrawMinVideos })
    case 'referrals':
      return t('At least {count} friends referred who verified their email', {
        count: rules.withdrawMinReferrals,
      })
    case 'platformFee':
      return t('The one-time platform fee of {fee} paid (refundable within {days} days)', {
        fee: formatRupees(rules.platformFeeRupees),
        days: rules.platformFeeRefundDays,
      })
  }
}

/**
 * One condition the user has not met yet, with their progress, for a screen that says why it
 * cannot go on: "At least 25 videos watched (3 of 25 videos)". The condition's words are the
 * served rules'; null when the rules no longer have it.
 */
export function unmetConditionText(p: ConditionProgress, rules: Rules): string | null {
  const condition = withdrawalConditions(rules).find((c) => c.key === p.key)
  if (!condition) return null
  return `${conditionText(condition, rules)} (${progressText(p, rules)})`
}

/**
 * The line under the conditions for a user who lacks the minimum balance: the days to it at the
 * plan's rate; or that the balance is there; or that the plan earns nothing for videos.
 */
function balanceOutlook(status: WithdrawalStatus, rules: Rules): string {
  const days = status.days_to_min_balance
  if (days === 0) return t('You have the minimum balance to withdraw.')
  if (days === null) return t('Your plan earns no coins for videos: see Membership Plans.')
  return t(
    "At your plan's rate ({coins} per video, {count} videos a day), about {days} to {rupees}.",
    {
      coins: formatCoins(status.video_point, rules),
      count: status.daily_videos,
      days: formatDays(days),
      rupees: formatRupees(rules.withdrawMinBalanceRupees),
    },
  )
}

/**
 * The conditions, with a signed-in user's progress. For a signed-in user every line that depends on
 * their status has its room from the first frame (a mark, a progress line, the payout and outlook
 * paragraphs, grey until the status comes), so nothing below moves when it arrives (CLS).
 */
export function WithdrawalConditions({
  rules,
  title = t('How withdrawals work'),
  intro = t('To withdraw your earnings to your UPI ID you need:'),
}: Props) {
  const loggedIn = useLoggedIn()
  const { status, failed } = useWithdrawalStatusResult()
  // Offline or refused: the conditions as a guest sees them, rather than grey lines for good.
  const forUser = !failed && loggedIn
  const conditions = withdrawalConditions(rules)
  const progress = new Map(status?.conditions.map((c) => [c.key, c]))
  return (
    <section
      className="card stack"
      aria-label={title ? undefined : t('Withdrawal conditions')}
      aria-labelledby={title ? 'withdrawal-conditions-title' : undefined}
      data-testid="withdrawal-conditions"
    >
      {title ? <h2 id="withdrawal-conditions-title">{title}</h2> : null}
      {conditions.length > 0 ? (
        <>
          <p style={{ margin: 0 }}>{intro}</p>
          {/* With the user's ✓ / ○ marks, bullets would say the same thing twice. */}
          <ul className={forUser ? 'conditions-list conditions-progress' : 'conditions-list'}>
            {conditions.map((c) => {
              const p = progress.get(c.key)
              if (!forUser)
                return (
                  <li key={c.key} data-testid={`condition-${c.key}`}>
                    {conditionText(c, rules)}
                  </li>
                )
              return (
                <li key={c.key} data-testid={`condition-${c.key}`} data-met={p ? p.met : undefined}>
                  <span
                    aria-hidden="true"
                    className={`condition-mark ${p?.met ? 'ok-text' : 'muted'}`}
                  >
                    {p ? (p.met ? '✓' : '○') : null}
                  </span>
                  {conditionText(c, rules)}
                  <span className="muted condition-progress">
                    {p ? progressText(p, rules) : status ? null : <Skeleton width="7em" />}
                  </span>
                </li>
              )
            })}
          </ul>
        </>
      ) : (
        <p>{t('There are no conditions for withdrawing.')}</p>
      )}
      {rules.transferFeeRupees > 0 ? (
        <p data-testid="condition-transfer-fee" style={{ margin: 0 }}>
          {t(
            'A transfer fee of {fee} is taken from each withdrawal: the amount sent is the amount you choose minus {fee}.',
            { fee: formatRupees(rules.transferFeeRupees) },
          )}
        </p>
      ) : null}
      <p
        data-testid="withdrawal-payout-time"
        className={forUser ? 'two-lines' : undefined}
        style={{ margin: 0 }}
      >
        {status ? (
          t('On your plan a withdrawal is paid within {days} of your request.', {
            days: formatDays(status.payout_days),
          })
        ) : forUser ? (
          <Skeleton width="80%" />
        ) : rules.withdrawalTime ? (
          t('A withdrawal is paid within {time} of the request, depending on the plan.', {
            time: formatDayRange(rules.withdrawalTime),
          })
        ) : (
          t('A withdrawal is paid within the days your plan states (see Membership Plans).')
        )}
      </p>
      {forUser && rules.withdrawMinBalanceRupees > 0 ? (
        <p data-testid="withdrawal-estimate" className="muted two-lines" style={{ margin: 0 }}>
          {status ? balanceOutlook(status, rules) : <Skeleton width="60%" />}
        </p>
      ) : null}
    </section>
  )
}
