import { describe, expect, it } from 'vitest'
import { LIMITS, UPI_ID_PATTERN, canonicalUpiId, checkUpiId } from './validation'

// A UPI ID is NPCI's `handle@provider` (docs/product.md#validation, #security): the handle starts with a letter
// or digit, then letters, digits, `.`, `_`, `-`; the provider starts with a letter, then letters
// or digits; at most 50 characters. The message is the product’s.
describe('checkUpiId', () => {
  const valid = [
    'a@ybl',
    '9876543210@paytm',
    'name.surname-1@okicici',
    'a-1@ybl',
    '1.2_x@okaxis',
    'Asha.Devi@OkHdfcBank',
    'kotak@kotak811',
  ]
  const invalid = [
    '-1-1@ybl',
    '.a@ybl',
    '_a@ybl',
    'a@',
    '@ybl',
    'a@1bank',
    'a@-ybl',
    'a@ok.axis',
    'a@ok-axis',
    'a b@ybl',
    'a@y bl',
    'a@@ybl',
    'a@ybl@ybl',
    'ab',
    '',
    ' a@ybl',
    'a@ybl\n',
    '=1+1@ybl',
    '+91@ybl',
    'अ@ybl',
  ]

  it.each(valid)('accepts %s', (upiId) => {
    expect(checkUpiId(upiId)).toBeNull()
  })

  it.each(invalid)('refuses %j with the product’s message', (upiId) => {
    expect(checkUpiId(upiId)).toBe('Invalid UPI ID format.')
  })

  it('refuses a UPI ID over 50 characters and accepts one of exactly 50', () => {
    const at50 = `${'a'.repeat(LIMITS.upiIdMax - '@ybl'.length)}@ybl`
    expect(at50).toHaveLength(50)
    expect(checkUpiId(at50)).toBeNull()
    expect(checkUpiId(`a${at50}`)).toBe('Invalid UPI ID format.')
  })

  it('lets no valid UPI ID start with a character a spreadsheet reads as a formula', () => {
    for (const first of ['=', '+', '-', '@', '\t', '\r']) {
      expect(UPI_ID_PATTERN.test(`${first}a@ybl`)).toBe(false)
    }
  })
})

// One payee, one spelling: stored and compared trimmed and lower-case.
describe('canonicalUpiId', () => {
  it.each(['pay.n@ybl', 'PAY.N@YBL', 'Pay.N@Ybl', ' PAY.N@ybl ', '\tpay.N@YBL\n'])(
    'gives %j as pay.n@ybl',
    (spelling) => {
      expect(canonicalUpiId(spelling)).toBe('pay.n@ybl')
    },
  )

  it('keeps a canonical ID as it is, and valid IDs valid', () => {
    expect(canonicalUpiId('9876543210@paytm')).toBe('9876543210@paytm')
    expect(checkUpiId(canonicalUpiId(' Asha.Devi@OkHdfcBank '))).toBeNull()
  })
})
