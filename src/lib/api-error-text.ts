/**
 * The API's refusals in the visitor's language (issue 16). The server answers `{message, code}` in
 * English (DECISIONS §6); on a Hindi page the message is shown in Hindi: the catalog's own
 * translation when the server's words are a catalog message (SPEC §8's texts, the shared input
 * checks of src/shared/validation.ts), else the Hindi of its `code` from `API_ERROR_TEXTS`, with
 * the numbers the answer carries (`retry_after_seconds`, `referral_count`, …), else the server's
 * English. tests/api/api-error-texts.test.ts fails when a code the product API can send to the
 * PWA has no entry here.
 */
import { i18n, msg, t } from '@/i18n/i18n'

/**
 * One text per error code the PWA can receive (server/, every route but the operators' and the
 * payment webhook's), plus `NETWORK` (no answer at all). English ids; the server's own English is
 * what English pages show.
 */
export const API_ERROR_TEXTS: Record<string, string> = {
  ACCOUNT_LOCKED: msg(
    'Too many wrong PINs. Your account is locked for {minutes, plural, one {# minute} other {# minutes}}.',
  ),
  ACCOUNT_SUSPENDED: msg(
    'Your account is suspended. Rewards and withdrawals are paused; write to support to resolve it.',
  ),
  ALREADY_REWARDED: msg('You have already been rewarded for this video today.'),
  AMOUNT_MISMATCH: msg('The amount does not match this payment. Please start again.'),
  CARD_PROVIDER_ERROR: msg('Error processing payment. Please try again.'),
  CARD_PROVIDER_NOT_CONFIGURED: msg(
    'Card payments are not set up on this server. Pay by UPI from the Membership Plans page.',
  ),
  CODE_ENTRY_LOCKED: msg(
    'Too many wrong codes. Code entry is locked for {hours, plural, one {# hour} other {# hours}}.',
  ),
  CSRF_INVALID: msg('This form has expired. Please reload the page and try again.'),
  DB_DOWN: msg('Something went wrong on our side. Please try again.'),
  EMAIL_NOT_VERIFIED: msg('Please verify your email before earning rewards.'),
  FEE_ALREADY_PAID: msg('You have already paid the platform fee.'),
  FREE_PLAN: msg('The free plan needs no payment.'),
  IDEMPOTENCY_IN_FLIGHT: msg('This request is still being processed. Try again shortly.'),
  IDEMPOTENCY_KEY_REQUIRED: msg('The request was refused.'),
  IDEMPOTENCY_KEY_REUSED: msg('The request was refused.'),
  IFSC_NOT_FOUND: msg('Invalid IFSC code or bank details not found.'),
  INTERNAL: msg('Something went wrong on our side. Please try again.'),
  INVALID_CREDENTIALS: msg('Invalid credentials. Please enter correct ID and password.'),
  INVALID_REFERRAL: msg('Invalid referral code.'),
  MAIL_FAILED: msg('We could not send the code to your email. Please try again.'),
  MIN_BALANCE: msg('You need a minimum balance of {rupees} to withdraw earnings.'),
  MIN_VIDEOS: msg('Watch at least {needed} videos to withdraw ({count}/{needed}).'),
  NETWORK: msg('No connection. Please check your internet and try again.'),
  NO_BANK_DETAILS: msg('No bank details saved yet.'),
  NO_PENDING_SIGNUP: msg('There is no account waiting for email verification with this email.'),
  NOT_FOUND: msg('Not found.'),
  ORDER_NOT_FOUND: msg('We could not find this payment.'),
  ORDER_NOT_OPEN: msg('This order is closed. Start a new payment.'),
  OTP_EXPIRED: msg('This code has expired. Please request a new one.'),
  OTP_INVALID: msg('Enter Correct OTP'),
  OTP_TOO_MANY_TRIES: msg('Too many wrong codes. Please request a new one.'),
  OTP_USED: msg('This code has already been used. Please request a new one.'),
  OTP_WRONG_USER: msg('This code belongs to another account.'),
  PHONE_TAKEN: msg('This phone number is already used by another account.'),
  PLAN_NOT_FOUND: msg('This membership plan does not exist.'),
  PLATFORM_FEE_REQUIRED: msg(
    'Please pay the one-time refundable platform fee of {fee} to withdraw.',
  ),
  RATE_LIMITED: msg('Too many attempts. Please try again in {seconds} seconds.'),
  REFERRALS_REQUIRED: msg(
    'Refer {needed} friends who verify their email to withdraw ({count}/{needed}).',
  ),
  RESEND_TOO_SOON: msg(
    'Please wait {seconds, plural, one {# second} other {# seconds}} before requesting a new code.',
  ),
  RESET_TOKEN_INVALID: msg(
    'Your reset session is invalid or has expired. Please request a new code.',
  ),
  TIMER_NOT_PASSED: msg('Watch the video to the end of its timer before claiming the reward.'),
  TOO_MANY_CODES: msg('Too many codes were sent to this account today. Please try again tomorrow.'),
  TOO_MANY_OPEN_ORDERS: msg(
    'You have payments waiting. Pay or let one expire (after 24 hours) before starting another.',
  ),
  UNAUTHORIZED: msg('Please log in again.'),
  USER_EXISTS: msg('Please try with different user details, user already exists.'),
  USER_NOT_FOUND: msg('Please log in again.'),
  UTR_ALREADY_USED: msg(
    'This UPI reference is already on another payment. Check the number in your UPI app.',
  ),
  VALIDATION: msg('Please check what you entered and try again.'),
  VIDEO_NOT_FOUND: msg('This video is no longer available.'),
}

/**
 * A refusal as the API reports it (`{message, code}` and the body's extra fields beside them) or
 * as the outbox keeps it (the extra fields under `extra`).
 */
export interface ApiErrorLike {
  message?: string
  code?: string
  extra?: Record<string, unknown>
}

/** The whole number in `value`, or `fallback` when there is none. */
function whole(value: unknown, fallback: number): number {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? Math.ceil(n) : fallback
}

/** The ₹ amount in an English message ("… of ₹999 to …"), for texts that name it. */
function rupeesIn(message: string): string {
  return /₹[\d,.]+/.exec(message)?.[0] ?? ''
}

/**
 * The text to show for a refusal in the active language: on an English page the server's message
 * as it is; on a Hindi page the catalog's translation of that message, else the Hindi of its
 * code, else the server's English (an unknown code). '' when there is no message and no known
 * code (the caller shows its own SPEC text then).
 */
export function apiErrorText(error: ApiErrorLike | null | undefined): string {
  const message = error?.message ?? ''
  // The outbox keeps the body's extra fields under `extra` (src/lib/outbox/outbox-types.ts).
  const fields: Record<string, unknown> = { ...error?.extra, ...error }
  if (i18n.locale !== 'hi') return message
  if (message && Object.hasOwn(i18n.messages, message)) return t(message)
  const text = error?.code ? API_ERROR_TEXTS[error.code] : undefined
  if (!text) return message
  const seconds = whole(fields.retry_after_seconds, 0)
  return t(text, {
    seconds,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
    hours: Math.max(1, Math.ceil(seconds / 3600)),
    count: whole(fields.referral_count ?? fields.views, 0),
    needed: whole(fields.referrals_needed ?? fields.videos_needed, 0),
    rupees: rupeesIn(message),
    fee: rupeesIn(message),
  })
}
