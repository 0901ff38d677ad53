/**
 * Sessions on a database grown by tests/bench/scale-data.ts, written straight into it (no PIN
 * hashing, no TOTP): 64 users spread over the ids (typical users), the heavy user, and an
 * operator's console session, each as its `authorization` header.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { randomToken, sha256 } from '../../server/lib/crypto.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { HEAVY_USER_ID } from './scale-data.ts'

/** Headers of logged-in users of a database of `users` users, and the users' ids. */
export async function scaleSessions(app: FastifyInstance, users: number) {
  const now = new Date()
  const expires = new Date(now.getTime() + 86_400_000).toISOString()
  const ids = Array.from({ length: 64 }, (_, i) => 1 + Math.floor(((i + 0.5) * users) / 64))
  const token = async (userId: number) => {
    const value = randomToken()
    await app.db
      .insertInto('access_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(value),
        expires_at: expires,
        revoked_at: null,
        created_at: now.toISOString(),
      })
      .execute()
    return { authorization: `Bearer ${value}` }
  }
  const userHeaders = await Promise.all(ids.map(token))
  const heavy = await token(HEAVY_USER_ID)
  const email = `bench-scale-${crypto.randomBytes(4).toString('hex')}@example.com`
  const { operator } = await createTestOperator(app.db, email, 'operator', now)
  const opsToken = `ops_${randomToken()}`
  await app.db
    .insertInto('operator_sessions')
    .values({
      operator_id: operator.id,
      token_hash: sha256(opsToken),
      ip: null,
      created_at: now.toISOString(),
      expires_at: expires,
      revoked_at: null,
    })
    .execute()
  return { userHeaders, heavy, ops: { authorization: `Bearer ${opsToken}` }, ids }
}
