/**
 * Counts in messages: chosen by `pluralForm` with a `select`, so drawing them never creates an
 * `Intl.NumberFormat` (whose first use loads ICU's number data in one long task), with the same
 * words ICU's `plural` gave, in English and Hindi; and `formatIndianNumber` writes what
 * `Intl.NumberFormat` writes for `en-IN` and `hi-IN`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLocale } from './i18n'
import { formatDateTime, formatDays, formatIndianNumber, pluralForm } from './format'
import { nextWithdrawalStep } from '@/features/dashboard/components/balance-card'
import { DEFAULT_RULES } from '@contract/rules'

afterEach(async () => {
  vi.restoreAllMocks()
  await activateLocale('en')
})

describe('counts in messages', () => {
  // First: Lingui keeps the formatters it made, so a later test would not see one made.
  it('draws the balance card’s next condition without creating an Intl.NumberFormat', async () => {
    await activateLocale('en')
    const created = vi.spyOn(Intl, 'NumberFormat')
    const rules = { ...DEFAULT_RULES, withdrawMinBalanceRupees: 0, withdrawMinVideos: 5 }
    const user = { points: 0, views: 4, referral_count: 0, platform_fee_paid: true }
    expect(nextWithdrawalStep(user, rules)).toBe('Watch 1 more video')
    expect(nextWithdrawalStep({ ...user, views: 2 }, rules)).toBe('Watch 3 more videos')
    expect(formatDays(3)).toBe('3 days')
    expect(created).not.toHaveBeenCalled()
  })

  it('writes days in English and Hindi with their plural forms', async () => {
    await activateLocale('en')
    expect([0, 1, 2, 7, 1500].map(formatDays)).toEqual([
      '0 days',
      '1 day',
      '2 days',
      '7 days',
      '1,500 days',
    ])
    await activateLocale('hi')
    expect([0, 1, 7].map(formatDays)).toEqual(['0 दिन', '1 दिन', '7 दिन'])
    // Hindi's 'one' is 0 and 1 (CLDR), English's only 1.
    expect([pluralForm(0), pluralForm(1), pluralForm(2)]).toEqual(['one', 'one', 'other'])
  })
})

describe('formatIndianNumber', () => {
  it('writes what Intl.NumberFormat writes for en-IN and hi-IN', () => {
    for (const n of [0, 7, 999, 1000, 1500, 99999, 100000, 1234567, 120000000]) {
      expect(formatIndianNumber(n)).toBe(new Intl.NumberFormat('en-IN').format(n))
      expect(formatIndianNumber(n)).toBe(new Intl.NumberFormat('hi-IN').format(n))
    }
  })
})

describe('formatDateTime', () => {
  it('puts no English "am"/"pm" in a Hindi date: the 24-hour clock', async () => {
    await activateLocale('hi')
    const text = formatDateTime(new Date(2026, 10, 23, 13, 6))
    expect(text).toContain('13:06')
    expect(text).not.toMatch(/am|pm/i)
    await activateLocale('en')
    expect(formatDateTime(new Date(2026, 10, 23, 13, 6))).toMatch(/1:06\s?pm/i)
  })

  it('keeps "pm" on the line of its time (a no-break space before it)', async () => {
    await activateLocale('en')
    expect(formatDateTime(new Date(2026, 10, 23, 15, 58))).toMatch(/3:58\u00a0pm$/i)
  })
})
