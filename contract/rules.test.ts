import { describe, expect, it } from 'vitest'
import { formatCoins, formatIndianNumber, formatRupees } from './rules'

// The hand-written en-IN formatting must print exactly what Intl prints (see formatIndianNumber).
const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})
const paise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const samples = [
  0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678,
  123_456_789, 9_876_543_210,
]

describe('en-IN number formatting without Intl', () => {
  it('groups whole numbers as toLocaleString("en-IN") does', () => {
    for (const n of samples) expect(formatIndianNumber(n)).toBe(n.toLocaleString('en-IN'))
    // (Intl prints "-0" for minus zero; a balance never shows that, ours prints "0".)
    for (const n of samples.filter((n) => n > 0)) {
      expect(formatIndianNumber(-n)).toBe((-n).toLocaleString('en-IN'))
    }
  })

  it('formats rupees as Intl INR does, whole and with paise', () => {
    for (const n of samples) expect(formatRupees(n)).toBe(whole.format(n))
    for (const coins of [1, 5, 10, 50, 99, 101, 150, 12_345, 99_999, 1_234_567]) {
      expect(formatRupees(coins / 100)).toBe(paise.format(coins / 100))
    }
    expect(formatRupees(-4.5)).toBe(paise.format(-4.5))
    expect(formatRupees(-999)).toBe(whole.format(-999))
  })

  it('agrees with Intl on every coin amount from 0 to 20,000 (₹0 to ₹200)', () => {
    for (let coins = 0; coins <= 20_000; coins++) {
      const rupees = coins / 100
      const intl = Number.isInteger(rupees) ? whole.format(rupees) : paise.format(rupees)
      expect(formatCoins(coins)).toBe(`${coins.toLocaleString('en-IN')} coins (${intl})`)
    }
  })

  it('prints the examples of docs/product.md#units', () => {
    expect(formatCoins(1500)).toBe('1,500 coins (₹15)')
    expect(formatCoins(10)).toBe('10 coins (₹0.10)')
    expect(formatRupees(100_000)).toBe('₹1,00,000')
  })
})
