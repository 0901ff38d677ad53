/**
 * Operator accounts of the console (docs/product.md#operators): separate from users, each with a role
 * (`operator` acts, `viewer` only reads), a password and a TOTP authenticator (RFC 6238 via
 * otplib): enrolment, password change and disabling. Login and sessions are in
 * operator-sessions.ts.
 */
import crypto from 'node:crypto'
import { generateSecret, generateURI } from 'otplib'
import type { Db } from '../db/index.ts'
import { hashSecret, verifySecret } from '../lib/crypto.ts'
import { ApiError, badRequest } from '../lib/errors.ts'
import type { Operator } from '../../contract/api/ops.ts'
import { loginFailed } from './operator-sessions.ts'
import { clearGuesses } from '../accounts/guess-budget.ts'

/** The issuer name an authenticator app shows beside the account. */
const TOTP_ISSUER = 'Watch Earn Ops'

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
      await clearGuesses(tx, `ops:${email}`)
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
