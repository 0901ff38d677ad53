/**
 * Membership plans (docs/product.md#api `GET /get-membership/`), shared by the dashboard and the deposit
 * page, kept in IndexedDB for offline use with the time they were fetched (the deposit page labels
 * its saved copy with it, docs/product.md#budgets), and their grouping by type for display.
 */
import { create } from 'zustand'
import { keepEqual } from '@contract/keep-equal'
import { persist } from 'zustand/middleware'
import { api } from '@/lib/api-client'
import { idbStorage } from '@/lib/idb-storage'
import { registerSavedCopy } from '@/lib/saved-copies'
import { keepNewerCopy, migrateSteps } from './versioned'
import { payoutTimeRange } from '@contract/payout-time'
import { formatDayRange, formatDays } from '@/i18n/format'
import { msg, t } from '@/i18n/i18n'
import type { MembershipPlan } from '@contract/api/earning'
import { planTypeMessage } from '@contract/server-words'

export type { MembershipPlan }

/**
 * A group of plans of one type (docs/product.md#api): paid deposits in whole rupees, and the free option.
 * `note` is 'Withdrawal in N days' from the group's own plans ('2 to 3 days' when they differ,
 * then `mixedDays` is true and each option carries its own `withdrawlDays`).
 */
export interface PlanGroup {
  /** The server's `membership_type`, as stored (the group's key). */
  type: string
  /** The type's name in the active language (`planTypeName`). */
  name: string
  note: string
  mixedDays: boolean
  deposits: { amount: number; perVideo: number; membershipPlanId: number; withdrawlDays: number }[]
  free: {
    videoPoint: number
    depositPoint: string
    membershipPlanId: number
    withdrawlDays: number
  } | null
}

/** 'Withdrawal in 1 day' / 'Withdrawal in 5 days': singular and plural as the count needs. */
export const withdrawalNote = (days: number): string =>
  t('Withdrawal in {days}', { days: formatDays(days) })

/**
 * A plan type's name in the active language: the catalog's name for a type the product seeds
 * (contract/server-words.ts; matched without regard to case or surrounding spaces), else `type`
 * exactly as the server sent it (a type an operator added). Call while rendering.
 */
export function planTypeName(type: string): string {
  const name = planTypeMessage(type)
  return name ? t(name) : type
}

/** docs/product.md#messages texts. */
export const PLANS_NOT_ARRAY = msg('Failed to fetch membership data. Please try again.')
export const PLANS_FETCH_FAILED = msg('Error fetching membership data.')

/** Whether a plan is the free one (deposit_point 'FREE', docs/product.md#rules). */
export const isFreePlan = (plan: Pick<MembershipPlan, 'deposit_point'>): boolean =>
  plan.deposit_point.trim().toUpperCase() === 'FREE'

/**
 * Groups plans by `membership_type` in the server's order; the note 'Withdrawal in N days'
 * (docs/product.md#rules) comes from each group's own plans' `withdrawl_days`.
 */
export function groupPlans(plans: MembershipPlan[]): PlanGroup[] {
  const groups = new Map<string, { group: PlanGroup; members: MembershipPlan[] }>()
  for (const plan of plans) {
    let entry = groups.get(plan.membership_type)
    if (!entry) {
      entry = {
        group: {
          type: plan.membership_type,
          name: planTypeName(plan.membership_type),
          note: '',
          mixedDays: false,
          deposits: [],
          free: null,
        },
        members: [],
      }
      groups.set(plan.membership_type, entry)
    }
    entry.members.push(plan)
    const withdrawlDays = Number(plan.withdrawl_days)
    if (isFreePlan(plan)) {
      entry.group.free = {
        videoPoint: plan.video_point,
        depositPoint: plan.deposit_point,
        membershipPlanId: plan.id,
        withdrawlDays,
      }
    } else {
      entry.group.deposits.push({
        amount: Number(plan.deposit_point),
        perVideo: plan.video_point,
        membershipPlanId: plan.id,
        withdrawlDays,
      })
    }
  }
  return [...groups.values()].map(({ group, members }) => {
    const range = payoutTimeRange(members) ?? ''
    return {
      ...group,
      note: t('Withdrawal in {days}', { days: formatDayRange(range) }),
      mixedDays: new Set(members.map((m) => Number(m.withdrawl_days))).size > 1,
    }
  })
}

interface PlansState {
  plans: MembershipPlan[] | null
  /** When the plans were last fetched from the server (ms since epoch); null: not known. */
  fetchedAt: number | null
  /** The docs/product.md#messages text of the last failed load, or null. */
  error: string | null
  loading: boolean
  load(): Promise<void>
}

/** The persisted shape; bump the version and add a `migrate` step whenever it changes. */
export const PLANS_STORE_VERSION = 2
type PersistedPlansState = Pick<PlansState, 'plans' | 'fetchedAt'>

export const usePlansStore = create<PlansState>()(
  persist(
    (setState) => ({
      plans: null,
      fetchedAt: null,
      error: null,
      loading: false,
      async load() {
        setState({ loading: true })
        try {
          const body: unknown = await api.get('get-membership/').json()
          if (!Array.isArray(body)) setState({ error: PLANS_NOT_ARRAY })
          else
            setState(({ plans }) => ({
              plans: keepEqual(plans, body as MembershipPlan[]),
              fetchedAt: Date.now(),
              error: null,
            }))
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
      version: PLANS_STORE_VERSION,
      storage: idbStorage<PersistedPlansState>(),
      partialize: ({ plans, fetchedAt }) => ({ plans, fetchedAt }),
      merge: keepNewerCopy<PlansState, PersistedPlansState>,
      migrate: migrateSteps<PersistedPlansState>(PLANS_STORE_VERSION, {
        // v1 kept only `plans`. When they were fetched is not known (null): the screen shows them
        // without a time until the next fetch answers, rather than a time it would make up.
        1: (state) => ({ plans: state.plans ?? null, fetchedAt: null }),
      }),
    },
  ),
)
registerSavedCopy(usePlansStore)
