/**
 * Membership plans (SPEC §3, §7 `GET /get-membership/`), shared by the dashboard and the deposit
 * page, kept in IndexedDB for offline use, and their grouping by type for display.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { api } from '@/lib/api-client'
import { idbStorage } from '@/lib/idb-storage'

/** A plan as the server sends it: `video_point` in coins, `deposit_point` rupees as text or 'FREE'. */
export interface MembershipPlan {
  id: number
  membership_type: string
  video_point: number
  deposit_point: string
  withdrawl_days: number
}

/** A group of plans of one type (SPEC §3): paid deposits in whole rupees, and the free option. */
export interface PlanGroup {
  type: string
  note: string
  deposits: { amount: number; perVideo: number; membershipPlanId: number }[]
  free: { videoPoint: number; depositPoint: string; membershipPlanId: number } | null
}

/** SPEC §8 texts. */
export const PLANS_NOT_ARRAY = 'Failed to fetch membership data. Please try again.'
export const PLANS_FETCH_FAILED = 'Error fetching membership data.'

/** Whether a plan is the free one (deposit_point 'FREE', SPEC §9). */
export const isFreePlan = (plan: Pick<MembershipPlan, 'deposit_point'>): boolean =>
  plan.deposit_point.trim().toUpperCase() === 'FREE'

/** Groups plans by `membership_type` in the server's order; note 'Withdrawal in N days' (SPEC §9). */
export function groupPlans(plans: MembershipPlan[]): PlanGroup[] {
  const groups = new Map<string, PlanGroup>()
  for (const plan of plans) {
    let group = groups.get(plan.membership_type)
    if (!group) {
      group = {
        type: plan.membership_type,
        note: `Withdrawal in ${plan.withdrawl_days} days`,
        deposits: [],
        free: null,
      }
      groups.set(plan.membership_type, group)
    }
    if (isFreePlan(plan)) {
      group.free = {
        videoPoint: plan.video_point,
        depositPoint: plan.deposit_point,
        membershipPlanId: plan.id,
      }
    } else {
      group.deposits.push({
        amount: Number(plan.deposit_point),
        perVideo: plan.video_point,
        membershipPlanId: plan.id,
      })
    }
  }
  return [...groups.values()]
}

interface PlansState {
  plans: MembershipPlan[] | null
  /** The SPEC §8 text of the last failed load, or null. */
  error: string | null
  loading: boolean
  load(): Promise<void>
}

export const usePlansStore = create<PlansState>()(
  persist(
    (setState) => ({
      plans: null,
      error: null,
      loading: false,
      async load() {
        setState({ loading: true })
        try {
          const body: unknown = await api.get('get-membership/').json()
          if (!Array.isArray(body)) setState({ error: PLANS_NOT_ARRAY })
          else setState({ plans: body as MembershipPlan[], error: null })
        } catch (error) {
          console.error('get-membership failed', error)
          setState({ error: PLANS_FETCH_FAILED })
        } finally {
          setState({ loading: false })
        }
      },
    }),
    {
      name: 'plans-store',
      version: 1,
      storage: idbStorage<Pick<PlansState, 'plans'>>(),
      partialize: ({ plans }) => ({ plans }),
    },
  ),
)
