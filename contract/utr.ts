/**
 * The UPI transaction reference (UTR, also "UPI Ref No." or RRN in UPI apps): the 12-digit number a
 * UPI app shows after a payment and the bank statement lists (DECISIONS §4). The user enters it
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

/** The error text for `value` as a UTR, or null when it is 12 digits (after normalizing). */
export function checkUtr(value: string): string | null {
  return UTR_PATTERN.test(normalizeUtr(value)) ? null : UTR_INVALID_MESSAGE
}
