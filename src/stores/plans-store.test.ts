/**
 * Plan types' names in the page's language: the types the product seeds have Hindi names in the
 * catalog; a type an operator made up is shown as the server names it.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { activateLocale } from '@/i18n/i18n'
import type { MembershipPlan } from '@contract/api/earning'

vi.mock('@/lib/idb-storage', () => import('@/lib/idb-storage.test-helpers'))
const { groupPlans, planTypeName } = await import('./plans-store')

const plan = (id: number, type: string, deposit: string, days = 5): MembershipPlan => ({
  id,
  membership_type: type,
  video_point: id * 10,
  deposit_point: deposit,
  withdrawl_days: days,
})

afterAll(() => activateLocale('en'))

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
