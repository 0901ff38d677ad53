/**
 * The account routes of contract-accounts.md (docs/product.md#api, #security): registration, signup
 * OTP, login, PIN reset, get-user and logout. Handlers only translate HTTP to the functions of
 * server/accounts; login, OTP, registration and reset routes carry a per-IP rate limit.
 */
import { signalOf } from '../../risk/signals.ts'
import { claimsAfterLogin, signDeviceToken } from '../../accounts/device-tokens.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { accountRoutes as schemas } from '../../../contract/api/accounts.ts'
import { appContext } from '../../context.ts'
import { MESSAGES } from '../../accounts/messages.ts'
import { logIn, logOut } from '../../accounts/login.ts'
import { registerUser, resendSignupCode, verifySignupCode } from '../../accounts/registration.ts'
import {
  assertResetEmail,
  mailResetCode,
  setNewPin,
  verifyResetCode,
} from '../../accounts/password-reset.ts'
import { userIdForAccessToken } from '../../accounts/tokens.ts'
import { userDetails } from '../../accounts/users.ts'
import { redeemUnlockLink } from '../../accounts/unlock.ts'
import { unauthorized } from '../../lib/errors.ts'
import { readToken } from '../../plugins/auth.ts'

/** 30 requests per minute per IP and route unless `config.authRateLimit` says otherwise. */
const DEFAULT_AUTH_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 }

export default async function accountsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const limit = app.config.authRateLimit ?? DEFAULT_AUTH_RATE_LIMIT
  const rateLimited = { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } }
  /** The device token for `deviceId` now that `userId` logged in on it (after `previous`). */
  const deviceToken = (deviceId: string, userId: number, previous: readonly number[]) =>
    signDeviceToken(app.deviceTokenKey, claimsAfterLogin(deviceId, userId, previous), ctx.now())

  app.post(
    '/user/registration/',
    { schema: schemas.registration, config: rateLimited },
    async (request, reply) => {
      const signal = signalOf(request)
      const { accessToken, requestId, userId, deviceId } = await registerUser(
        ctx,
        request.body,
        signal,
      )
      return reply.status(417).send({
        message: MESSAGES.otpSent,
        access_token: accessToken,
        device_token: deviceToken(deviceId, userId, signal.deviceUsers),
        otp_response: { requestId },
        email: request.body.email.trim().toLowerCase(),
      })
    },
  )

  app.post(
    '/verify-otp-after-signup/',
    { schema: schemas.verifySignupOtp, config: rateLimited },
    async (request) => {
      // The token is optional (the hotemailemail flow, a new browser session); a live one must
      // belong to the code's user. The code is found by its request id or by its address.
      const token = readToken(request.headers.authorization)
      const tokenUserId = token ? await userIdForAccessToken(app.db, token, ctx.now()) : undefined
      const body = request.body
      const resetToken = await verifySignupCode(
        ctx,
        {
          otp: body.otp,
          ...('email_id' in body ? { email: body.email_id } : { requestId: body.request_id }),
          tokenUserId,
        },
        request.ip,
      )
      return { message: MESSAGES.otpVerified, reset_token: resetToken }
    },
  )

  app.post(
    '/send-signup-otp/',
    { schema: schemas.sendSignupOtp, config: rateLimited },
    async (request) => {
      const requestId = await resendSignupCode(ctx, request.body.email_id, request.ip)
      return { message: MESSAGES.signupOtpResent, otp_response: { requestId } }
    },
  )

  app.post(
    '/user/login/',
    { schema: schemas.login, config: rateLimited },
    async (request, reply) => {
      const signal = signalOf(request)
      const result = await logIn(ctx, request.body.email, request.body.password, signal)
      const device_token = deviceToken(result.deviceId, result.userId, signal.deviceUsers)
      if (result.verified) {
        return { message: MESSAGES.loginOk, access_token: result.accessToken, device_token }
      }
      return reply.status(417).send({
        message: MESSAGES.otpSent,
        access_token: result.accessToken,
        device_token,
        otp_response: { requestId: result.requestId },
        email: result.email,
      })
    },
  )

  app.post(
    '/forgot-password/',
    { schema: schemas.forgotPassword, config: rateLimited },
    async (request) => {
      // The same answer, at once, for every well-formed address; the lookup and the mail follow.
      const email = request.body.email_id
      assertResetEmail(email)
      const requestedAt = ctx.now()
      request.afterResponse('reset code mail', () => mailResetCode(ctx, email, requestedAt))
      return { message: MESSAGES.resetOtpSent }
    },
  )

  app.post(
    '/verify-otp/',
    { schema: schemas.verifyResetOtp, config: rateLimited },
    async (request) => {
      const resetToken = await verifyResetCode(
        ctx,
        request.body.email_id,
        request.body.otp,
        request.ip,
      )
      return { message: MESSAGES.otpVerified, reset_token: resetToken }
    },
  )

  app.post('/unlock/', { schema: schemas.unlock, config: rateLimited }, async (request) => {
    const resetToken = await redeemUnlockLink(ctx, request.body.email_id, request.body.unlock_token)
    return { message: MESSAGES.accountUnlocked, reset_token: resetToken }
  })

  app.post(
    '/new-password/',
    { schema: schemas.newPassword, config: rateLimited },
    async (request) => {
      await setNewPin(
        ctx,
        {
          email: request.body.email_id,
          pin: request.body.new_password,
          resetToken: request.body.reset_token ?? undefined,
        },
        request.ip,
      )
      return { message: MESSAGES.passwordChanged }
    },
  )

  app.get(
    '/get-user/',
    { schema: schemas.getUser, onRequest: app.authenticate },
    async (request) => {
      const details = await userDetails(app.db, request.userId)
      if (!details) throw unauthorized()
      return details
    },
  )

  app.post('/logout/', { schema: schemas.logout, onRequest: app.authenticate }, async (request) => {
    const token = readToken(request.headers.authorization)
    if (token) await logOut(ctx, token)
    return { message: MESSAGES.loggedOut }
  })
}
