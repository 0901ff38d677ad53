import { describe, expect, it } from 'vitest'
import { hasPayment, readParams } from './payment-order'

// The payment page's address gives whole rupees and ids, sent to the API as JSON integers.
describe('readParams', () => {
  it('reads a plan deposit and the fee', () => {
    expect(readParams('?deposit=499&membership_plan_id=2')).toMatchObject({
      deposit: 499,
      planId: 2,
      isFee: false,
    })
    const fee = readParams('?deposit=99&KeyFrom=Platform%20Fee')
    expect(fee).toMatchObject({ deposit: 99, planId: null, isFee: true })
    expect(hasPayment(fee)).toBe(true)
  })

  it.each(['99.5', '1e2', '-99', ' 99', '0x63', 'abc', ''])(
    'reads deposit=%j as nothing to pay, never a rounded amount',
    (deposit) => {
      const params = readParams(`?deposit=${encodeURIComponent(deposit)}&membership_plan_id=2`)
      expect(params.deposit).toBe(0)
      expect(hasPayment(params)).toBe(false)
    },
  )

  it('reads a plan id that is not digits as none', () => {
    expect(readParams('?deposit=499&membership_plan_id=2.5').planId).toBeNull()
    expect(readParams('?deposit=499&membership_plan_id=true').planId).toBeNull()
  })
})
