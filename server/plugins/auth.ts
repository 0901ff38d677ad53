/**
 * Access-token authentication (DECISIONS §6–7). `Authorization` carries the token bare or as
 * `Bearer TOKEN`. Tokens are stored as SHA-256 digests with a 30-day expiry and revoked on logout.
 * Routes add `preHandler: app.authenticate` and read `request.userId`.
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
  }
  interface FastifyRequest {
    /** The id of the token's user, set by `authenticate`. */
    userId: number
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
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = readToken(request.headers.authorization)
    if (!token) throw unauthorized()
    const row = await app.db
      .selectFrom('access_tokens')
      .select(['user_id'])
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso(app.config.clock?.()))
      .executeTakeFirst()
    if (!row) throw unauthorized()
    request.userId = row.user_id
  })
})
