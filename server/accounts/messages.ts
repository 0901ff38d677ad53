/**
 * The account rules of docs/product.md#security as numbers, and the texts the account API answers with
 * (docs/product.md#messages where the product gives one).
 */

export const ACCOUNT_RULES = {
  /** Access tokens live 30 days (docs/product.md#security). */
  accessTokenMs: 30 * 24 * 60 * 60 * 1000,
  /** Password-reset tokens live 15 minutes and are single use. */
  resetTokenMs: 15 * 60 * 1000,
  /** An OTP is valid 10 minutes (docs/product.md#security). */
  otpValidMs: 10 * 60 * 1000,
  /** Tries per OTP code (docs/product.md#security). */
  otpMaxTries: 5,
  /** The first reset code may be resent after 10 s (docs/product.md#flows, #rules). */
  firstResetResendSeconds: 10,
  /** Signup codes and any resend: 59 s (docs/product.md#flows, #rules). */
  resendSeconds: 59,
  /** Wrong PINs in a row that lock the account (docs/product.md#security). */
  maxFailedLogins: 5,
  /** The first lock lasts 15 minutes; each later lock doubles it (docs/product.md#security). */
  firstLockMs: 15 * 60 * 1000,
  /** No PIN lock lasts longer than 24 hours, however often it doubled (docs/product.md#security). */
  maxLockMs: 24 * 60 * 60 * 1000,
  /** Wrong codes per account and purpose (signup or reset) in 24 hours, across codes and IPs. */
  maxWrongCodesPerDay: 10,
  /** How long a flow stays locked once its wrong-code budget is spent (docs/product.md#security). */
  codeFlowLockMs: 24 * 60 * 60 * 1000,
  /** Codes of one purpose mailed to one account in 24 hours (docs/product.md#security: codes are capped). */
  maxCodesPerDay: 10,
  /** The window of the two budgets above. */
  budgetWindowMs: 24 * 60 * 60 * 1000,
} as const

export const MESSAGES = {
  userExists: 'Please try with different user details, user already exists.',
  invalidReferral: 'Invalid referral code.',
  otpSent: 'OTP Sent Successfully!',
  otpVerified: 'OTP verified successfully!',
  otpInvalid: 'Enter Correct OTP',
  otpExpired: 'This code has expired. Please request a new one.',
  otpUsed: 'This code has already been used. Please request a new one.',
  otpTooManyTries: 'Too many wrong codes. Please request a new one.',
  otpWrongUser: 'This code belongs to another account.',
  signupOtpResent: 'OTP has been resent to your email!',
  loginOk: 'Login successful!',
  invalidCredentials: 'Invalid credentials. Please enter correct ID and password.',
  resetOtpSent: 'Otp sent to your email.',
  resetTokenInvalid: 'Your reset session is invalid or has expired. Please request a new code.',
  passwordChanged: 'Password changed successfully!',
  loggedOut: 'Logged out.',
  mailSubject: 'Your verification code',
  mailFooter: 'If you did not ask for it, ignore this mail.',
  mailFailed: 'We could not send the code to your email. Please try again.',
  tooManyCodes: 'Too many codes were sent to this account today. Please try again tomorrow.',
  accountLockedSubject: 'Your account was locked',
  codeFlowLockedSubject: 'Code entry locked on your account',
  accountUnlocked: 'Your account is unlocked. Choose a new PIN.',
  unlockLinkInvalid:
    'This unlock link was used or is older than 24 hours. Choose "Forgot password?" to reset your PIN.',
} as const

/** The two flows a one-time code serves, as the owner reads them in a lock notice. */
const FLOW_NAMES = { signup: 'email verification', reset: 'PIN reset' } as const

/** 'Too many wrong codes. PIN reset is locked for N hours.' (rounded up; '1 hour'). */
export function codeFlowLockedMessage(purpose: 'signup' | 'reset', hours: number): string {
  const flow = FLOW_NAMES[purpose]
  const unit = hours === 1 ? 'hour' : 'hours'
  const name = flow.charAt(0).toUpperCase() + flow.slice(1)
  return `Too many wrong codes. ${name} is locked for ${hours} ${unit}.`
}

/** The way back every lock notice ends with: the single-use unlock link (24 hours). */
function unlockParagraph(unlockLink: string): string {
  return [
    'To unlock your account now and choose a new PIN, open this link (it works once, for 24 hours):',
    unlockLink,
    'It clears every lock on your account, whatever anyone else has tried.',
  ].join('\n')
}

/** The notice mailed to the owner when the wrong-code budget of a flow is spent. */
export function codeFlowLockedMail(
  purpose: 'signup' | 'reset',
  until: Date,
  unlockLink: string,
): string {
  return [
    `Someone entered 10 wrong codes for the ${FLOW_NAMES[purpose]} of your account in the last 24 hours.`,
    `For your safety, ${FLOW_NAMES[purpose]} is locked until ${until.toUTCString()}; even a right code is refused until then.`,
    'Your PIN has not changed and you can still log in with it.',
    unlockParagraph(unlockLink),
  ].join('\n\n')
}

/** The notice mailed to the owner when wrong PINs lock the account, with the unlock link. */
export function accountLockedMail(until: Date, unlockLink: string): string {
  return [
    `Your account was locked after ${ACCOUNT_RULES.maxFailedLogins} wrong PINs in a row, until ${until.toUTCString()}.`,
    'If it was not you, your PIN is still safe: nobody can try more PINs while the lock lasts.',
    unlockParagraph(unlockLink),
  ].join('\n\n')
}

/** 'Please wait N seconds before requesting a new code.' for a refused resend ('1 second'). */
export function resendTooSoonMessage(seconds: number): string {
  return `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`
}

/** 'Too many wrong PINs. Your account is locked for N minutes.' (N rounded up; '1 minute'). */
export function accountLockedMessage(minutes: number): string {
  const unit = minutes === 1 ? 'minute' : 'minutes'
  return `Too many wrong PINs. Your account is locked for ${minutes} ${unit}.`
}
