/**
 * Access-token authentication (DECISIONS §6–7). `Authorization` carries the token bare or as
 * `Bearer TOKEN`. Tokens are stored as SHA-256 digests with a 30-day expiry and revoked on logout.
 * Routes add `onRequest: app.authenticate` (so a call without a token answers 401 before its
 * body is read or validated) and read `request.userId`. The token is looked up at most once per
 * request: a hook that needs the user before the route (the suspension check) and `authenticate`
 * share one lookup through `app.tokenUserId(request)`.
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../lib/errors.ts'
import { sha256 } from '../lib/crypto.ts'
import { nowIso } from '../db/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that requires a valid token and sets `request.userId`; 401 otherwise. */
    authenticate(request: FastifyRequest): Promise<void>
    /** The user id of the request's live token, or undefined (no, unknown, revoked or expired token). */
    tokenUserId(request: FastifyRequest): Promise<number | undefined>
  }
  interface FastifyRequest {
    /** The id of the token's user, set by `authenticate`. */
    userId: number
    /** The request's one token lookup (internal; null until asked). */
    tokenLookup: Promise<number | undefined> | null
  }
}

/** Reads the token from `Authorization: TOKEN` or `Authorization: Bearer TOKEN`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null
  const value = header.trim().replace(/^Bearer\s+/i, '')
  return value || null
}

export default fp(async (app) => {
  app.decorateRequest('userId', 0)
  app.decorateRequest('tokenLookup', null)
  const lookUp = async (token: string | null): Promise<number | undefined> => {
    if (!token) return undefined
    const row = await app.db
      .selectFrom('access_tokens')
      .select(['user_id'])
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso(app.config.clock?.()))
      .executeTakeFirst()
    return row?.user_id
  }
  app.decorate('tokenUserId', (request: FastifyRequest) => {
    request.tokenLookup ??= lookUp(readToken(request.headers.authorization))
    return request.tokenLookup
  })
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const userId = await app.tokenUserId(request)
    if (userId === undefined) throw unauthorized()
    request.userId = userId
  })
})
