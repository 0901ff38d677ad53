/**
 * Console sessions (docs/product.md#operators): login with the password and a TOTP code, the session's operator
 * from its token, logout. A session lasts 8 hours and is stored as SHA-256 of its token. Wrong
 * tries lock the email like the users' PIN (docs/product.md#security: 5 in a row lock it for 15 minutes,
 * doubling up to 24 hours). The accounts themselves are in operators.ts.
 */
import crypto from 'node:crypto'
import { verify } from 'otplib'
import type { Db } from '../db/index.ts'
import { hashSecret, sha256, verifySecret } from '../lib/crypto.ts'
import { ApiError } from '../lib/errors.ts'
import { checkGuess } from '../accounts/guess-budget.ts'
import type { Operator, OperatorSession } from '../../contract/api/ops.ts'

/** How long a console session lasts: 8 hours, in ms. */
const OPERATOR_SESSION_MS = 8 * 3_600_000

/** Console tokens carry this prefix, so a user's token is never mistaken for one. */
const TOKEN_PREFIX = 'ops_'

/** A successful login: the bearer token (shown once) and when it expires. */
export type { OperatorSession }

/** 401 OPS_LOGIN_FAILED: the one answer to every wrong part of a login. */
export const loginFailed = () =>
  new ApiError(401, 'OPS_LOGIN_FAILED', 'Wrong email, password or authenticator code.')

/**
 * 401 OPS_TOTP_REUSED: the password was right and the code is the authenticator's, but a login
 * already used it (a code is single use, and a new one comes every 30 seconds). Only a caller who
 * has both the password and the current code learns this.
 */
export const totpReused = () =>
  new ApiError(
    401,
    'OPS_TOTP_REUSED',
    'This authenticator code was already used to log in. Wait for the next code (a new one comes every 30 seconds) and enter that.',
  )

// Verified against for unknown emails, so an unknown address costs the same time as a known one.
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= hashSecret(crypto.randomBytes(12).toString('base64url')))

/**
 * Logs an operator in with the password and a current TOTP code (6 digits; one step of clock
 * drift either way is accepted; a code already used is refused). Returns an 8-hour session.
 * Each try takes a slot of the email's guess budget before the password or the code is checked
 * (server/accounts/guess-budget.ts), an unknown email's as well as an operator's, so a burst
 * checks at most 5 tries per lock and an unknown email answers and locks exactly like a known one.
 * Throws 401 OPS_LOGIN_FAILED (any wrong part, unknown email, disabled account; the same answer
 * for each), 401 OPS_TOTP_REUSED (right password, a code a login already used), 423 ACCOUNT_LOCKED `{ retry_after_seconds }` for the 5th wrong try in a row and
 * while locked, 503 HASHING_BUSY `{ retry_after_seconds }`.
 */
export async function loginOperator(
  db: Db,
  input: { email?: unknown; password?: unknown; totp?: unknown },
  meta: { now: Date; ip: string | null },
): Promise<OperatorSession> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : ''
  const password = typeof input.password === 'string' ? input.password : ''
  const code = typeof input.totp === 'string' ? input.totp.trim() : String(input.totp ?? '')
  const { now } = meta
  const op = email
    ? await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst()
    : undefined
  // The TOTP time step of the accepted code, set by the check; `reused` when the password was
  // right and the code valid but already used (a wrong guess all the same: it took its slot).
  const accepted: { step: number | null; reused: boolean } = { step: null, reused: false }
  const right = await checkGuess(db, `ops:${email}`, now, async () => {
    const passwordOk = await verifySecret(password, op?.password_hash ?? (await dummy()), meta.ip)
    if (!op || !passwordOk || op.disabled_at || !/^\d{6}$/.test(code)) return false
    const result = await verify({
      secret: op.totp_secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
    })
    if (!result.valid || !('timeStep' in result)) return false
    if (op.totp_last_step !== null && result.timeStep <= op.totp_last_step) {
      accepted.reused = true
      return false
    }
    accepted.step = result.timeStep
    return true
  })
  const usedStep = accepted.step
  if (!right && accepted.reused) throw totpReused()
  if (!right || !op || usedStep === null) throw loginFailed()
  // The step guard makes a code single-use even when two logins race with it.
  const claimed = await db
    .updateTable('operators')
    .set({ totp_last_step: usedStep })
    .where('id', '=', op.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', usedStep)]))
    .executeTakeFirst()
  // Another login took this code (or a later one) first.
  if (Number(claimed.numUpdatedRows) !== 1) throw totpReused()
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url')
  const expires = new Date(now.getTime() + OPERATOR_SESSION_MS).toISOString()
  await db
    .insertInto('operator_sessions')
    .values({
      operator_id: op.id,
      token_hash: sha256(token),
      ip: meta.ip,
      created_at: now.toISOString(),
      expires_at: expires,
      revoked_at: null,
    })
    .execute()
  return {
    token,
    expires_at: expires,
    operator: {
      id: op.id,
      email: op.email,
      role: op.role,
      password_must_change: Boolean(op.password_must_change),
    },
  }
}

/**
 * The operator of a live console token (unrevoked, unexpired at `now`, account not disabled).
 * Throws 401 OPS_UNAUTHORIZED otherwise, a user's access token included.
 */
export async function operatorForToken(
  db: Db,
  token: string | null,
  now: Date,
): Promise<Operator & { sessionId: number }> {
  if (!token || !token.startsWith(TOKEN_PREFIX)) throw opsUnauthorized()
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operators.id',
      'operators.email',
      'operators.role',
      'operators.password_must_change',
      'operator_sessions.id as sessionId',
    ])
    .where('operator_sessions.token_hash', '=', sha256(token))
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', now.toISOString())
    .where('operators.disabled_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw opsUnauthorized()
  return { ...row, password_must_change: Boolean(row.password_must_change) }
}

/** Revokes one console session (logout). */
export async function revokeOperatorSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** 401 for the console: the console's login, not the user app's. */
function opsUnauthorized(): ApiError {
  return new ApiError(401, 'OPS_UNAUTHORIZED', 'Please log in to the console.')
}
