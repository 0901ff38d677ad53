/** The membership plans on the dashboard (docs/product.md#screens): per video reward of each plan, a way to deposit. */
import { memo, useEffect } from 'react'
import { Link } from 'wouter'
import { groupPlans, usePlansStore } from '@/stores/plans-store'
import { formatRupees } from '@contract/rules'
import { formatCoins } from '@/i18n/format'
import { t } from '@/i18n/i18n'
import { useOnline } from '@/lib/use-online'

/** Memoised: the user's refresh re-renders the dashboard, not this list (TBT). */
export const PlansSummary = memo(function PlansSummary({
  currentVideoPoint,
}: {
  currentVideoPoint: number | undefined
}) {
  const plans = usePlansStore((s) => s.plans)
  const error = usePlansStore((s) => s.error)
  const online = useOnline()
  useEffect(() => {
    void usePlansStore.getState().load()
  }, [])
  return (
    <section className="card stack" aria-labelledby="plans-title">
      <h2 id="plans-title">{t('Membership plans')}</h2>
      {/* A failed refresh over saved plans says nothing: the saved plans show. Offline, the app's
          banner says why; this list only says when it comes. */}
      {error && !plans && online ? <p className="error-text">{t(error)}</p> : null}
      {error && !plans && !online ? (
        <p className="muted">{t('Plans load when the connection returns.')}</p>
      ) : null}
      {plans === null && !error ? (
        // Keeps the list's usual height (the seeded 4 types) while it loads, so its arrival moves
        // neither the link below nor Log out (CLS); cached plans show at once instead.
        <p className="muted plans-loading" role="status">
          {t('Loading plans…')}
        </p>
      ) : null}
      {plans
        ? groupPlans(plans).map((group) => (
            <div key={group.type}>
              <h3 className="plan-type">
                {group.name} <span className="muted">· {group.note}</span>
              </h3>
              <ul className="plain-list">
                {group.free ? (
                  <li>
                    {t('Free: {coins} per video', { coins: formatCoins(group.free.videoPoint) })}
                    {group.free.videoPoint === currentVideoPoint ? ` ${t('(your plan)')}` : ''}
                  </li>
                ) : null}
                {group.deposits.map((d) => (
                  <li key={d.membershipPlanId}>
                    {t('{rupees}: {coins} per video', {
                      rupees: formatRupees(d.amount),
                      coins: formatCoins(d.perVideo),
                    })}
                    {d.perVideo === currentVideoPoint ? ` ${t('(your plan)')}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ))
        : null}
      <Link href="/deposit-fee" className="btn btn-outline">
        {t('See plans and deposit')}
      </Link>
    </section>
  )
})
