/**
 * The plans of /deposit-fee (docs/product.md#screens 'Deposit'), grouped by type: each type's note, its free
 * option ('Get Y per video for free') and each paid option ('Deposit rupees X and get Y per
 * video') with its Deposit button. Drawn by the screen (src/features/membership/routes/
 * deposit-fee.tsx) from the saved plans in its first frame, then from the served ones.
 */
import type { ReactNode } from 'react'
import { t } from '@/i18n/i18n'
import { SkeletonCard, SkeletonRegion } from '@/components/skeleton'
import { groupPlans, withdrawalNote, type MembershipPlan } from '@/stores/plans-store'
import { formatIndianNumber, formatRupees, type Rules } from '@contract/rules'
import { formatCoins } from '@/i18n/format'

/**
 * A paid plan the visitor chose: its type's name in the active language, amount (rupees), id,
 * and its reward per video (coins).
 */
export interface PlanChoice {
  type: string
  amount: number
  membershipPlanId: number
  perVideo: number
}

interface Props {
  plans: MembershipPlan[]
  rules: Rules
  /** Deposit buttons are disabled while an order is on its way. */
  busy?: boolean
  /** Called with the option whose Deposit button was tapped. */
  onChoose?: (choice: PlanChoice) => void
}

/** One card per plan type, in the server's order (docs/product.md#transparency: amounts in rupees, coins per video). */
export function PlanGroups({ plans, rules, busy = false, onChoose }: Props) {
  return groupPlans(plans).map((group) => (
    <section
      key={group.type}
      className="card stack plan-card"
      aria-label={t('{type} plans', { type: group.name })}
    >
      <div className="plan-head">
        <h2 className="plan-title">{group.name}</h2>
        <p className="muted plan-note">{group.note}</p>
      </div>
      {group.free ? (
        <p className="plan-free">
          {t('Get {coins} per video for free', {
            coins: formatCoins(group.free.videoPoint, rules),
          })}
          {group.mixedDays ? (
            <span className="muted"> · {withdrawalNote(group.free.withdrawlDays)}</span>
          ) : null}
        </p>
      ) : null}
      {group.deposits.map((d) => (
        <div key={d.membershipPlanId} className="row plan-row">
          <p className="plan-text">
            {withPrice(
              t('Deposit rupees {amount} and get {coins} per video', {
                amount: formatIndianNumber(d.amount),
                coins: formatCoins(d.perVideo, rules),
              }),
              formatIndianNumber(d.amount),
            )}
            {group.mixedDays ? (
              <span className="muted"> · {withdrawalNote(d.withdrawlDays)}</span>
            ) : null}
          </p>
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('Deposit {rupees} for {type}', {
              rupees: formatRupees(d.amount),
              type: group.name,
            })}
            disabled={busy}
            onClick={() =>
              onChoose?.({
                type: group.name,
                amount: d.amount,
                membershipPlanId: d.membershipPlanId,
                perVideo: d.perVideo,
              })
            }
          >
            {t('Deposit')}
          </button>
        </div>
      ))}
    </section>
  ))
}

/**
 * the product’s sentence with its price emphasised: the amount (with the ₹ the language puts before it,
 * as Hindi does) in a `strong`, the words around it unchanged. Pure, so the server's page and the
 * app's first render draw the same markup.
 */
export function withPrice(text: string, amount: string): ReactNode {
  const at = text.indexOf(amount)
  if (at < 0) return text
  const start = text[at - 1] === '₹' ? at - 1 : at
  const end = at + amount.length
  return (
    <>
      {text.slice(0, start)}
      <strong className="plan-price">{text.slice(start, end)}</strong>
      {text.slice(end)}
    </>
  )
}

/** The plans' placeholder while they are on their way: two cards shaped like a plan type's. */
export function PlansLoading() {
  return (
    <SkeletonRegion label={t('Loading the plans…')}>
      <SkeletonCard lines={4} />
      <SkeletonCard lines={4} />
    </SkeletonRegion>
  )
}
