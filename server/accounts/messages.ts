/**
 * The account rules of DECISIONS §7 as numbers, and the texts the account API answers with
 * (SPEC §8 where SPEC gives one, /work/notes/contract-accounts.md otherwise).
 */

export const ACCOUNT_RULES = {
  /** Access tokens live 30 days (DECISIONS §7). */
  accessTokenMs: 30 * 24 * 60 * 60 * 1000,
  /** Password-reset tokens live 15 minutes and are single use. */
  resetTokenMs: 15 * 60 * 1000,
  /** An OTP is valid 10 minutes (DECISIONS §7). */
  otpValidMs: 10 * 60 * 1000,
  /** Tries per OTP code (DECISIONS §7). */
  otpMaxTries: 5,
  /** The first reset code may be resent after 10 s (SPEC §4, §9). */
  firstResetResendSeconds: 10,
  /** Signup codes and any resend: 59 s (SPEC §4, §9). */
  resendSeconds: 59,
  /** Wrong PINs in a row that lock the account (DECISIONS §7). */
  maxFailedLogins: 5,
  /** The first lock lasts 15 minutes; each later lock doubles it (DECISIONS §7). */
  firstLockMs: 15 * 60 * 1000,
  /** Doubling stops here so the lock end stays a valid date (15 min × 2^16 ≈ 1.9 years). */
  maxLockDoublings: 16,
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
  noPendingSignup: 'There is no account waiting for email verification with this email.',
  loginOk: 'Login successful!',
  invalidCredentials: 'Invalid credentials. Please enter correct ID and password.',
  resetOtpSent: 'Otp sent to your email.',
  resetTokenInvalid: 'Your reset session is invalid or has expired. Please request a new code.',
  passwordChanged: 'Password changed successfully!',
  loggedOut: 'Logged out.',
  mailSubject: 'Your verification code',
  mailFooter: 'If you did not ask for it, ignore this mail.',
  mailFailed: 'We could not send the code to your email. Please try again.',
} as const

/** 'Please wait N seconds before requesting a new code.' for a refused resend ('1 second'). */
export function resendTooSoonMessage(seconds: number): string {
  return `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`
}

/** 'Too many wrong PINs. Your account is locked for N minutes.' (N rounded up; '1 minute'). */
export function accountLockedMessage(minutes: number): string {
  const unit = minutes === 1 ? 'minute' : 'minutes'
  return `Too many wrong PINs. Your account is locked for ${minutes} ${unit}.`
}
