/**
 * The UPI transaction reference (UTR, also "UPI Ref No." or RRN in UPI apps): the 12-digit number a
 * UPI app shows after a payment and the bank statement lists (docs/product.md#transparency). The user enters it
 * after paying; the server stores it on the order, unique across orders. No DOM and no Node
 * imports: the PWA and the API both use this file.
 */

import { msg } from './msg.ts'

/** Exactly 12 digits. */
export const UTR_PATTERN = /^\d{12}$/

/** The message shown for a malformed UTR (form and API alike). */
export const UTR_INVALID_MESSAGE = msg(
  'Enter the 12-digit UPI transaction reference (UTR) shown by your UPI app.',
)

/** Strips the spaces and dashes UPI apps and users put in a UTR ("4123 4567 8901" → "412345678901"). */
export function normalizeUtr(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/**
 * The message for a UTR of all zeros: 12 digits, but no payment's reference (UPI apps show it
 * for a payment that never went through), so it is refused rather than stored.
 */
export const UTR_ALL_ZEROS_MESSAGE = msg(
  'A UTR is never all zeros. Enter the 12-digit UPI transaction reference (UTR) your UPI app shows for this payment.',
)

/** Whether `utr` (already normalized) can be a payment's UTR: 12 digits, not all zeros. */
export function isUtr(utr: string): boolean {
  return UTR_PATTERN.test(utr) && !/^0+$/.test(utr)
}

/**
 * The error text for `value` as a UTR (after normalizing): UTR_INVALID_MESSAGE when it is not 12
 * digits, UTR_ALL_ZEROS_MESSAGE for `000000000000`, null when it can be a payment's UTR
 * (docs/product.md#transparency).
 */
export function checkUtr(value: string): string | null {
  const utr = normalizeUtr(value)
  if (!UTR_PATTERN.test(utr)) return UTR_INVALID_MESSAGE
  return isUtr(utr) ? null : UTR_ALL_ZEROS_MESSAGE
}
