/**
 * The account routes' contract (docs/product.md#api, #security): registration,
 * signup OTP, login, PIN reset, get-user and logout. Request schemas check shapes only; the
 * docs/product.md#validation rules and their exact messages are applied by server/accounts.
 */
import { Type, type Static } from 'typebox'
import { MessageOnly, Nullable, bearerAuth, errorResponses, optionalBearerAuth } from './common'

const text = (maxLength = 320) => Type.String({ maxLength })
const tags = ['accounts']

/** The signed device token a login or signup answers with; the PWA sends it as X-Device-Token. */
const DeviceToken = Type.String({
  description:
    'A token the server signed for this device and account; sent back as X-Device-Token, it gives later logins to this account their own lane under load.',
})

/** 417 "OTP Sent": the account exists but its email is not verified yet; a code was mailed. */
export const PendingSignup = Type.Object({
  message: Type.String(),
  access_token: Type.String(),
  device_token: DeviceToken,
  otp_response: Type.Object({ requestId: Type.String() }),
  email: Type.Optional(
    Type.String({ description: 'The account email, for the code screen after a phone login.' }),
  ),
})
export type PendingSignup = Static<typeof PendingSignup>

/**
 * A refused one-time code (400): `OTP_INVALID` says how many tries this code has left
 * (`tries_left`, of 5 per code: docs/product.md#security), so the screen can tell the user;
 * `OTP_EXPIRED`, `OTP_USED` and `OTP_TOO_MANY_TRIES` carry none.
 */
export const OtpRefused = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    tries_left: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: true },
)
export type OtpRefused = Static<typeof OtpRefused>

/** A verified one-time code: the proof `POST /new-password/` needs. */
export const ResetTokenAnswer = Type.Object({ message: Type.String(), reset_token: Type.String() })
export type ResetTokenAnswer = Static<typeof ResetTokenAnswer>

export const RegistrationBody = Type.Object(
  {
    phone_number: text(),
    email: text(),
    first_name: text(),
    password: text(),
    referral_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  },
  { additionalProperties: false },
)
export type RegistrationBody = Static<typeof RegistrationBody>

export const LoginBody = Type.Object(
  { email: text(), login_type: Type.Optional(text(32)), password: text(64) },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>
export const LoginOk = Type.Object({
  message: Type.String(),
  access_token: Type.String(),
  device_token: DeviceToken,
})
export type LoginOk = Static<typeof LoginOk>

export const EmailBody = Type.Object({ email_id: text() }, { additionalProperties: false })
/**
 * The signup code and where to find it: `request_id` (the `otp_response.requestId` this browser
 * stored) or `email_id` (the address the code was mailed to, for a browser session that stored
 * none). Exactly one of the two.
 */
export const VerifySignupOtpBody = Type.Union([
  Type.Object({ otp: text(16), request_id: text(128) }, { additionalProperties: false }),
  Type.Object({ otp: text(16), email_id: text() }, { additionalProperties: false }),
])
export type VerifySignupOtpBody = Static<typeof VerifySignupOtpBody>
export const VerifyResetOtpBody = Type.Object(
  { otp: text(16), email_id: text() },
  { additionalProperties: false },
)
/** The unlock link of a lock mail (docs/product.md#security): its address and single-use token. */
export const UnlockBody = Type.Object(
  { email_id: text(), unlock_token: Type.String({ maxLength: 128 }) },
  { additionalProperties: false },
)
export type UnlockBody = Static<typeof UnlockBody>
export const NewPasswordBody = Type.Object(
  {
    email_id: text(),
    new_password: text(64),
    reset_token: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  },
  { additionalProperties: false },
)
export type NewPasswordBody = Static<typeof NewPasswordBody>

export const SignupOtpSent = Type.Object({
  message: Type.String(),
  otp_response: PendingSignup.properties.otp_response,
})
export type SignupOtpSent = Static<typeof SignupOtpSent>

/** The User of docs/product.md#api as `GET /get-user/` returns it. `points` are integer coins. */
export const User = Type.Object({
  first_name: Type.String(),
  email: Type.String(),
  phone_number: Type.String(),
  points: Type.Integer({ description: 'Balance in coins.' }),
  views: Type.Integer(),
  referral_id: Type.String(),
  referral_count: Type.Integer({
    description: 'Friends who registered with the code and verified.',
  }),
  membership__video_point: Type.Number({ description: "Coins per video of the user's plan." }),
  is_faulty: Type.Boolean(),
  platform_fee_paid: Type.Boolean(),
  email_verified: Type.Boolean(),
})
export type User = Static<typeof User>

/** Route schemas, by route. */
export const accountRoutes = {
  registration: {
    tags,
    summary: 'Create an account; answers 417 with a mailed signup code',
    body: RegistrationBody,
    response: { 417: PendingSignup, ...errorResponses },
  },
  verifySignupOtp: {
    tags,
    summary: 'Check the signup code (the stored token may go along)',
    security: optionalBearerAuth,
    body: VerifySignupOtpBody,
    response: { 200: ResetTokenAnswer, 400: OtpRefused, ...errorResponses },
  },
  sendSignupOtp: {
    tags,
    summary: 'Mail a new signup code to an unverified email',
    body: EmailBody,
    response: { 200: SignupOtpSent, ...errorResponses },
  },
  login: {
    tags,
    summary: 'Log in with an email or a 10-digit phone number and the PIN',
    body: LoginBody,
    response: { 200: LoginOk, 417: PendingSignup, ...errorResponses },
  },
  forgotPassword: {
    tags,
    summary: 'Mail a PIN-reset code (the same answer for every well-formed address)',
    body: EmailBody,
    response: { 200: MessageOnly, ...errorResponses },
  },
  verifyResetOtp: {
    tags,
    summary: 'Check a PIN-reset code',
    body: VerifyResetOtpBody,
    response: { 200: ResetTokenAnswer, 400: OtpRefused, ...errorResponses },
  },
  unlock: {
    tags,
    summary: "Spend a lock mail's unlock link: clears the account's locks, gives a reset token",
    body: UnlockBody,
    response: { 200: ResetTokenAnswer, ...errorResponses },
  },
  newPassword: {
    tags,
    summary: 'Set a new PIN with the proof of a verified code',
    body: NewPasswordBody,
    response: { 200: MessageOnly, ...errorResponses },
  },
  getUser: {
    tags,
    summary: 'The signed-in user',
    security: bearerAuth,
    response: { 200: User, ...errorResponses },
  },
  logout: {
    tags,
    summary: 'Revoke the access token',
    security: bearerAuth,
    response: { 200: MessageOnly, ...errorResponses },
  },
} as const
