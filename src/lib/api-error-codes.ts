/**
 * The Hindi pages' words for the API's error codes, a chunk of its own: English pages show the
 * server's own message and never load it (./api-error-text.ts).
 */
/**
 * The catalog's marker (contract/msg.ts does the same), defined here: this chunk importing
 * contract/msg.ts, which the entry script holds, made the build give the entry a static import
 * of a runtime chunk (tests/checks/bundle-budget.test.ts: an entry with no static imports).
 */
const msg = <T extends string>(message: T): T => message

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
  HASHING_BUSY: msg('We are very busy right now. Please try again in {seconds} seconds.'),
  IDEMPOTENCY_KEY_REUSED: msg('The request was refused.'),
  IFSC_NOT_FOUND: msg('Invalid IFSC code or bank details not found.'),
  INTERNAL: msg('Something went wrong on our side. Please try again.'),
  INVALID_CREDENTIALS: msg('Invalid credentials. Please enter correct ID and password.'),
  INVALID_REFERRAL: msg('Invalid referral code.'),
  MAIL_FAILED: msg('We could not send the code to your email. Please try again.'),
  MIN_BALANCE: msg('You need a minimum balance of {rupees} to withdraw earnings.'),
  MIN_VIDEOS: msg('Watch at least {needed} videos to withdraw ({count}/{needed}).'),
  NETWORK: msg('No connection. Please check your internet and try again.'),
  NOT_FOUND: msg('Not found.'),
  ORDER_NOT_FOUND: msg('We could not find this payment.'),
  ORDER_NOT_OPEN: msg('This order is closed. Start a new payment.'),
  OTP_EXPIRED: msg('This code has expired. Please request a new one.'),
  OTP_INVALID: msg('Enter Correct OTP'),
  OTP_TOO_MANY_TRIES: msg('Too many wrong codes. Please request a new one.'),
  OTP_USED: msg('This code has already been used. Please request a new one.'),
  OTP_WRONG_USER: msg('This code belongs to another account.'),
  PHONE_TAKEN: msg('This phone number is already used by another account.'),
  PIN_REQUIRED: msg('Enter your PIN to withdraw to a UPI ID you have not withdrawn to before.'),
  PIN_WRONG: msg(
    'Wrong PIN. {tries, plural, one {# try} other {# tries}} left before your account is locked.',
  ),
  PLAN_NOT_FOUND: msg('This membership plan does not exist.'),
  PLATFORM_FEE_REQUIRED: msg(
    'Please pay the one-time refundable platform fee of {fee} to withdraw.',
  ),
  PUSH_SUBSCRIPTION_TAKEN: msg('Could not turn on notifications. Please try again.'),
  QUERY_TIMEOUT: msg('The server is busy. Please try again in a moment.'),
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
  SIGNUP_LIMIT: msg(
    'Too many accounts were created from this phone or network today. Please try again tomorrow.',
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
  UNLOCK_LINK_INVALID: msg(
    'This unlock link was used or is older than 24 hours. Choose "Forgot password?" to reset your PIN.',
  ),
  VALIDATION: msg('Please check what you entered and try again.'),
  VIDEO_NOT_FOUND: msg('This video is no longer available.'),
}
