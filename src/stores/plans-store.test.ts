/**
 * Plan types' names in the page's language: the types the product seeds have Hindi names in the
 * catalog; a type an operator made up is shown as the server names it.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '@/i18n/i18n'
import type { MembershipPlan } from '@contract/api/earning'

// An in-memory idb-keyval, so the store reads what the test wrote as an earlier visit would have.
const saved = vi.hoisted(() => new Map<string, unknown>())
vi.mock('idb-keyval', () => ({
  get: async (key: string) => saved.get(key),
  set: async (key: string, value: unknown) => void saved.set(key, value),
  del: async (key: string) => void saved.delete(key),
}))
const answer = vi.hoisted(() => ({ body: undefined as unknown, fail: false }))
vi.mock('@/lib/api-client', () => ({
  api: {
    get: () => ({
      json: async () => {
        if (answer.fail) throw new TypeError('Failed to fetch')
        return answer.body
      },
    }),
  },
}))
const { groupPlans, planTypeName, usePlansStore, PLANS_STORE_VERSION, PLANS_FETCH_FAILED } =
  await import('./plans-store')

const plan = (id: number, type: string, deposit: string, days = 5): MembershipPlan => ({
  id,
  membership_type: type,
  video_point: id * 10,
  deposit_point: deposit,
  withdrawl_days: days,
})

afterAll(() => activateLocale('en'))

beforeEach(() => {
  saved.clear()
  answer.fail = false
  usePlansStore.setState({ plans: null, fetchedAt: null, error: null })
})

describe('saved plans and when they were fetched', () => {
  const plans = [plan(1, 'Free', 'FREE', 7), plan(2, 'Gold', '1999', 3)]

  it('keeps the time of the fetch with the plans, and saves both', async () => {
    answer.body = plans
    const before = Date.now()
    await usePlansStore.getState().load()
    const { fetchedAt } = usePlansStore.getState()
    expect(fetchedAt).toBeGreaterThanOrEqual(before)
    expect(fetchedAt).toBeLessThanOrEqual(Date.now())
    expect(saved.get('plans-store')).toEqual({
      state: { plans, fetchedAt },
      version: PLANS_STORE_VERSION,
    })
  })

  it('keeps the saved plans and their time when a fetch fails', async () => {
    usePlansStore.setState({ plans, fetchedAt: 1_000 })
    answer.fail = true
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await usePlansStore.getState().load()
    expect(usePlansStore.getState()).toMatchObject({
      plans,
      fetchedAt: 1_000,
      error: PLANS_FETCH_FAILED,
    })
  })

  it('reads a saved copy with its time', async () => {
    saved.set('plans-store', { state: { plans, fetchedAt: 42 }, version: PLANS_STORE_VERSION })
    await usePlansStore.persist.rehydrate()
    expect(usePlansStore.getState()).toMatchObject({ plans, fetchedAt: 42 })
  })

  it('keeps the plans of a version 1 copy, which has no time, with the time unknown', async () => {
    saved.set('plans-store', { state: { plans }, version: 1 })
    await usePlansStore.persist.rehydrate()
    expect(usePlansStore.getState()).toMatchObject({ plans, fetchedAt: null })
    // Written back at the current version, still without a time it would have to make up.
    expect(saved.get('plans-store')).toEqual({
      state: { plans, fetchedAt: null },
      version: PLANS_STORE_VERSION,
    })
  })

  it('keeps plans fetched while the saved copy was still being read, not the older copy', async () => {
    saved.set('plans-store', {
      state: { plans, fetchedAt: Date.now() - 60_000 },
      version: PLANS_STORE_VERSION,
    })
    const fresh = [plan(3, 'Gold', '2999', 2)]
    answer.body = fresh
    const reading = usePlansStore.persist.rehydrate()
    await usePlansStore.getState().load() // the network answers first
    await reading
    expect(usePlansStore.getState().plans).toEqual(fresh)
  })
})

describe('plan type names', () => {
  it('are the server’s own names on an English page', async () => {
    await activateLocale('en')
    expect(planTypeName('Gold')).toBe('Gold')
    expect(planTypeName('Diamond')).toBe('Diamond')
  })

  it('are Hindi for the known types on a Hindi page, whatever their case and spaces', async () => {
    await activateLocale('hi')
    expect(planTypeName('Free')).toBe('फ़्री')
    expect(planTypeName('Silver')).toBe('सिल्वर')
    expect(planTypeName(' gold ')).toBe('गोल्ड')
    expect(planTypeName('PLATINUM')).toBe('प्लैटिनम')
  })

  it('fall back to the server’s text for a type the catalog does not know', async () => {
    await activateLocale('hi')
    expect(planTypeName('Diwali Special')).toBe('Diwali Special')
  })

  it('name each group, which keeps the server’s type as its key', async () => {
    await activateLocale('hi')
    const groups = groupPlans([
      plan(1, 'Free', 'FREE', 7),
      plan(2, 'Gold', '1999', 3),
      plan(3, 'Gold', '4999', 2),
      plan(4, 'Diwali Special', '299'),
    ])
    expect(groups.map((g) => [g.type, g.name])).toEqual([
      ['Free', 'फ़्री'],
      ['Gold', 'गोल्ड'],
      ['Diwali Special', 'Diwali Special'],
    ])
    expect(groups[1]?.deposits.map((d) => d.amount)).toEqual([1999, 4999])
  })
})
