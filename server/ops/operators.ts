/**
 * Operator accounts of the console (issue 17; DECISIONS §8): separate from users, each with a
 * role (`operator` acts, `viewer` only reads), a password and a TOTP authenticator (RFC 6238 via
 * otplib). Login needs both; a session lasts 8 hours, is stored as SHA-256 of its token and can be
 * revoked. Wrong tries lock the account like the users' PIN (DECISIONS §7: 5 in a row lock it for
 * 15 minutes, doubling up to 24 hours).
 */
import crypto from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import type { Db } from '../db/index.ts'
import { hashSecret, sha256, verifySecret } from '../lib/crypto.ts'
import { ApiError, badRequest } from '../lib/errors.ts'
import { accountLocked, lockDurationMs } from '../accounts/lockout.ts'
import { ACCOUNT_RULES } from '../accounts/messages.ts'
import type { Operator, OperatorSession } from '../../src/shared/contract/ops.ts'

/** How long a console session lasts: 8 hours, in ms. */
const OPERATOR_SESSION_MS = 8 * 3_600_000

/** The issuer name an authenticator app shows beside the account. */
const TOTP_ISSUER = 'Watch Earn Ops'

/** Console tokens carry this prefix, so a user's token is never mistaken for one. */
const TOKEN_PREFIX = 'ops_'

/** An operator as the console sees it (no secrets; the contract's `Operator`). */
export type OperatorView = Operator

/** What `createOperator` hands out once: the password and the TOTP enrolment. */
export interface OperatorEnrolment {
  operator: OperatorView
  /** The one-time display of the password: only its scrypt hash is stored. */
  password: string
  /** Base32 TOTP secret (also inside `otpauthUri`). */
  totpSecret: string
  /** `otpauth://totp/…` for an authenticator app (shown as a QR code). */
  otpauthUri: string
  /** True when the email already had an account: its password, TOTP and sessions were replaced. */
  replaced: boolean
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Lowercases and checks an operator email. Throws 400 VALIDATION. */
function normalizeOperatorEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!EMAIL.test(email) || email.length > 154)
    throw badRequest('VALIDATION', 'A valid email is needed.')
  return email
}

/**
 * Creates the operator `email` with `role`, or re-enrols an existing one (new password, new TOTP
 * secret, every session revoked: the way back in after a lost phone). The password is 16 random
 * characters (96 bits). Throws 400 VALIDATION (email, role).
 */
export async function createOperator(
  db: Db,
  emailInput: string,
  role: string,
  now: Date,
): Promise<OperatorEnrolment> {
  const email = normalizeOperatorEmail(emailInput)
  if (role !== 'operator' && role !== 'viewer') {
    throw badRequest('VALIDATION', 'The role is operator or viewer.')
  }
  const password = crypto.randomBytes(12).toString('base64url')
  const totpSecret = generateSecret()
  const passwordHash = await hashSecret(password)
  const at = now.toISOString()
  const existing = await db
    .selectFrom('operators')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
  let id: number
  if (existing) {
    id = existing.id
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('operators')
        .set({
          role,
          password_hash: passwordHash,
          password_must_change: 1,
          totp_secret: totpSecret,
          totp_last_step: null,
          failed_logins: 0,
          lock_count: 0,
          locked_until: null,
          disabled_at: null,
        })
        .where('id', '=', id)
        .execute()
      await tx
        .updateTable('operator_sessions')
        .set({ revoked_at: at })
        .where('operator_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute()
    })
  } else {
    const row = await db
      .insertInto('operators')
      .values({
        email,
        role,
        password_hash: passwordHash,
        password_must_change: 1,
        totp_secret: totpSecret,
        totp_last_step: null,
        locked_until: null,
        disabled_at: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    id = row.id
  }
  return {
    operator: { id, email, role, password_must_change: true },
    password,
    totpSecret,
    otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: email, secret: totpSecret }),
    replaced: Boolean(existing),
  }
}

/** A successful login: the bearer token (shown once) and when it expires. */
export type { OperatorSession }

const loginFailed = () =>
  new ApiError(401, 'OPS_LOGIN_FAILED', 'Wrong email, password or authenticator code.')

// Verified against for unknown emails, so an unknown address costs the same time as a known one.
let dummyHash: Promise<string> | undefined
const dummy = () => (dummyHash ??= hashSecret(crypto.randomBytes(12).toString('base64url')))

/**
 * Logs an operator in with the password and a current TOTP code (6 digits; one step of clock
 * drift either way is accepted; a code already used is refused). Returns an 8-hour session.
 * Throws 401 OPS_LOGIN_FAILED (any wrong part, unknown email, disabled account; the same answer
 * for each), 423 ACCOUNT_LOCKED `{ retry_after_seconds }` after 5 wrong tries in a row.
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
  if (!op) {
    await verifySecret(password, await dummy())
    throw loginFailed()
  }
  if (op.locked_until && op.locked_until > now.toISOString())
    throw accountLocked(op.locked_until, now)
  const passwordOk = await verifySecret(password, op.password_hash)
  let step: number | null = null
  if (passwordOk && /^\d{6}$/.test(code)) {
    const result = await verify({
      secret: op.totp_secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(op.totp_last_step !== null ? { afterTimeStep: op.totp_last_step } : {}),
    })
    if (result.valid && 'timeStep' in result) step = result.timeStep
  }
  if (step === null || op.disabled_at) {
    const locked = await recordFailedTry(db, op.id, op.lock_count, now)
    if (locked) throw locked
    throw loginFailed()
  }
  // The step guard makes a code single-use even when two logins race with it.
  const claimed = await db
    .updateTable('operators')
    .set({ totp_last_step: step, failed_logins: 0, lock_count: 0, locked_until: null })
    .where('id', '=', op.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) throw loginFailed()
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

/** Counts one wrong try; on the 5th in a row locks the account and returns the 423 to answer. */
async function recordFailedTry(
  db: Db,
  operatorId: number,
  lockCount: number,
  now: Date,
): Promise<ApiError | null> {
  const row = await db
    .updateTable('operators')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', operatorId)
    .returning(['failed_logins'])
    .executeTakeFirst()
  if (!row || row.failed_logins < ACCOUNT_RULES.maxFailedLogins) return null
  const lockedUntil = new Date(now.getTime() + lockDurationMs(lockCount)).toISOString()
  await db
    .updateTable('operators')
    .set({ failed_logins: 0, lock_count: lockCount + 1, locked_until: lockedUntil })
    .where('id', '=', operatorId)
    .execute()
  return accountLocked(lockedUntil, now)
}

/**
 * The operator of a live console token (unrevoked, unexpired at `now`, account not disabled).
 * Throws 401 OPS_UNAUTHORIZED otherwise, a user's access token included.
 */
export async function operatorForToken(
  db: Db,
  token: string | null,
  now: Date,
): Promise<OperatorView & { sessionId: number }> {
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

/** The shortest password an operator may set. */
const MIN_OPERATOR_PASSWORD = 12

/**
 * Replaces operator `operatorId`'s password (the printed one-time password included) after
 * checking the current one; clears `password_must_change`. The new password has at least 12
 * characters and differs from the current one. Throws 400 VALIDATION, 401 OPS_LOGIN_FAILED (wrong
 * current password).
 */
export async function changeOperatorPassword(
  db: Db,
  operatorId: number,
  current: unknown,
  next: unknown,
): Promise<void> {
  const now = typeof current === 'string' ? current : ''
  const fresh = typeof next === 'string' ? next : ''
  if (fresh.length < MIN_OPERATOR_PASSWORD || fresh.length > 200 || fresh === now) {
    throw badRequest(
      'VALIDATION',
      `Choose a new password of at least ${MIN_OPERATOR_PASSWORD} characters, not the current one.`,
    )
  }
  const op = await db
    .selectFrom('operators')
    .select('password_hash')
    .where('id', '=', operatorId)
    .executeTakeFirstOrThrow()
  if (!(await verifySecret(now, op.password_hash))) throw loginFailed()
  await db
    .updateTable('operators')
    .set({ password_hash: await hashSecret(fresh), password_must_change: 0 })
    .where('id', '=', operatorId)
    .execute()
}

/**
 * Disables the operator `email` (a person who left): no login, every session ends at once.
 * Returns the operator's id. Throws 404 OPERATOR_NOT_FOUND.
 */
export async function disableOperator(db: Db, emailInput: string, now: Date): Promise<number> {
  const email = normalizeOperatorEmail(emailInput)
  return db.transaction().execute(async (tx) => {
    const op = await tx
      .updateTable('operators')
      .set({ disabled_at: now.toISOString() })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirst()
    if (!op) throw new ApiError(404, 'OPERATOR_NOT_FOUND', `No operator ${email}.`)
    await tx
      .updateTable('operator_sessions')
      .set({ revoked_at: now.toISOString() })
      .where('operator_id', '=', op.id)
      .where('revoked_at', 'is', null)
      .execute()
    return op.id
  })
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
