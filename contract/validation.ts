/**
 * Input rules of docs/product.md#validation, shared by the PWA and the API. Each check returns null when the value
 * is valid, else the exact message docs/product.md#validation gives (marked with `msg()`: the PWA shows it through
 * `t()`, in Hindi too). No DOM and no Node imports.
 */

import { msg } from './msg.ts'

/** Basic email pattern used by every email field. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Indian mobile number: 10 digits starting 6–9 (docs/product.md#validation). */
export const PHONE_PATTERN = /^[6-9]\d{9}$/
/**
 * UPI ID (VPA) in NPCI's form (docs/product.md#validation, #security): a handle that starts with a letter or digit,
 * then letters, digits, `.`, `_` or `-`; `@`; a provider that starts with a letter, then letters
 * or digits. So no valid UPI ID starts with `=`, `+`, `-` or `@`, the characters a spreadsheet
 * reads as a formula.
 */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*@[a-zA-Z][a-zA-Z0-9]*$/
/** IFSC: four capital letters, 0, six letters or digits (docs/product.md#validation). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
/** PIN: exactly 4 digits (docs/product.md#validation, #security). */
export const PIN_PATTERN = /^\d{4}$/

export const LIMITS = {
  identifierMax: 154,
  emailMax: 154,
  registerNameMax: 20,
  profileNameMin: 3,
  profileNameMax: 30,
  upiIdMax: 50,
  accountNumberMax: 16,
  ifscLength: 11,
  otpLength: 4,
  pinLength: 4,
} as const

/** Login identifier: an email or exactly 10 digits, at most 154 characters (docs/product.md#validation). */
export function checkLoginIdentifier(value: string): string | null {
  if (value.length > LIMITS.identifierMax) return msg('Input must be 154 characters or less.')
  if (!EMAIL_PATTERN.test(value) && !/^\d{10}$/.test(value))
    return msg('Please enter a valid email or phone number.')
  return null
}

/** Whether a login identifier is a 10-digit phone number rather than an email. */
export function isPhoneIdentifier(value: string): boolean {
  return /^\d{10}$/.test(value)
}

/** Forgot-password email (docs/product.md#validation). */
export function checkResetEmail(value: string): string | null {
  if (value.length > LIMITS.emailMax) return msg('Email must be 154 characters or less.')
  if (!EMAIL_PATTERN.test(value)) return msg('Please enter a valid email address.')
  return null
}

/** New PIN: exactly 4 digits (docs/product.md#validation). */
export function checkNewPin(value: string): string | null {
  return PIN_PATTERN.test(value) ? null : msg('Password must contain 4 digit only')
}

/** OTP input: digits only, up to 4 (docs/product.md#validation). */
export function checkOtpInput(value: string): string | null {
  return /^\d{0,4}$/.test(value) ? null : msg('Max OTP length is 4 digits.')
}

/** Register name: letters and spaces, at most 20 (docs/product.md#validation). */
export function checkRegisterName(value: string): string | null {
  const v = value.trim()
  if (!v || v.length > LIMITS.registerNameMax || !/^[A-Za-z ]+$/.test(v))
    return msg('Name must be letters and spaces, up to 20 characters.')
  return null
}

/** Register phone: 10 digits starting 6–9 (docs/product.md#validation). */
export function checkRegisterPhone(value: string): string | null {
  return PHONE_PATTERN.test(value) ? null : msg('Invalid phone number')
}

/** Register email: basic pattern (docs/product.md#validation). */
export function checkRegisterEmail(value: string): string | null {
  return EMAIL_PATTERN.test(value) && value.length <= LIMITS.emailMax
    ? null
    : msg('Invalid email address')
}

/** Edit-profile first name: letters and spaces, 3–30 characters (docs/product.md#validation). */
export function checkProfileName(value: string): string | null {
  return /^[A-Za-z ]{3,30}$/.test(value)
    ? null
    : msg('Invalid name. Only alphabets allowed, 3-30 characters.')
}

/** Edit-profile phone: 10 digits starting 6–9 (docs/product.md#validation). */
export function checkProfilePhone(value: string): string | null {
  return PHONE_PATTERN.test(value)
    ? null
    : msg('Invalid phone number. Must be 10 digits starting with 6-9.')
}

/**
 * UPI ID: UPI_ID_PATTERN, at most 50 characters (docs/product.md#validation, #security). Null when valid, else
 * 'Invalid UPI ID format.'. The value is checked as given: callers trim it first.
 */
export function checkUpiId(value: string): string | null {
  return value.length <= LIMITS.upiIdMax && UPI_ID_PATTERN.test(value)
    ? null
    : msg('Invalid UPI ID format.')
}

/**
 * The one form a UPI ID is stored and compared in: trimmed and lower-case, since a UPI ID names
 * one payee whatever its letter case (docs/product.md#units). `' PAY.N@ybl '` and
 * `'pay.n@ybl'` are one payee. Check the result with checkUpiId; this never refuses.
 */
export function canonicalUpiId(value: string): string {
  return value.trim().toLowerCase()
}

/** IFSC format (docs/product.md#validation). */
export function checkIfsc(value: string): string | null {
  return IFSC_PATTERN.test(value) ? null : msg('Invalid IFSC code format')
}

/** Keeps the digits of an account number, at most 16 (docs/product.md#validation). */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.accountNumberMax)
}

/** Uppercases an IFSC and cuts it to 11 characters (docs/product.md#validation). */
export function normalizeIfsc(value: string): string {
  return value.toUpperCase().slice(0, LIMITS.ifscLength)
}
