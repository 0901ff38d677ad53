/**
 * The first frame of /deposit-fee, drawn outside the app by React's server renderer
 * (src/prerender.tsx): at build time without plans (an outline: the header and two placeholder
 * cards, `outlines/deposit-fee.html`, which the service worker serves), and by the server for each
 * request with the plans and rules it holds at that moment (server/plugins/static.ts), so a visitor
 * on a slow network reads the plans before any JavaScript has run (LCP). The plans are drawn by the
 * screen's own PlanGroups, so the app's first render draws the same markup over them; what only the
 * app knows (the visitor's progress on each withdrawal condition) comes with it, below the plans. A
 * tap on one of its buttons before then is held and given to the same button of the app's screen
 * (src/lib/early-taps.ts).
 */
import { AppHeader } from '@/components/app-header'
import { t } from '@/i18n/i18n'
import type { MembershipPlan } from '@/stores/plans-store'
import type { Rules } from '@contract/rules'
import { PlanGroups, PlansLoading } from './plan-groups'

/** The deposit screen's static first frame; `plans` and `rules` as the server serves them. */
export function DepositFeeShell({ plans, rules }: { plans?: MembershipPlan[]; rules?: Rules }) {
  return (
    <>
      <AppHeader title={t('Membership Plans for You')} />
      <main className="page stack" aria-busy="true">
        {plans && rules ? <PlanGroups plans={plans} rules={rules} /> : <PlansLoading />}
      </main>
    </>
  )
}
