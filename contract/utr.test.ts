import { describe, expect, it } from 'vitest'
import { UTR_ALL_ZEROS_MESSAGE, UTR_INVALID_MESSAGE, checkUtr, isUtr } from './utr'

// A UTR is 12 digits as a UPI app shows them, spaces and dashes dropped; all zeros is no payment's.
describe('checkUtr', () => {
  it.each(['412345678901', '4123 4567 8901', '4123-4567-8901', '000000000001'])(
    'accepts %j',
    (utr) => {
      expect(checkUtr(utr)).toBeNull()
    },
  )

  it.each(['000000000000', '0000 0000 0000', '0000-0000-0000'])(
    'refuses %j as all zeros, with its own message',
    (utr) => {
      expect(checkUtr(utr)).toBe(UTR_ALL_ZEROS_MESSAGE)
      expect(isUtr(utr.replace(/[\s-]/g, ''))).toBe(false)
    },
  )

  it.each(['', '12345678901', '1234567890123', 'ABCDEFGHIJKL', '00000000000'])(
    'refuses %j as not 12 digits',
    (utr) => {
      expect(checkUtr(utr)).toBe(UTR_INVALID_MESSAGE)
    },
  )
})
