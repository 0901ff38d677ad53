/**
 * Access-token authentication (docs/product.md#api, #security). `Authorization` carries the token bare or as
 * `Bearer TOKEN`. Tokens are stored as SHA-256 digests with a 30-day expiry and revoked on logout.
 * Routes add `onRequest: app.authenticate` (so a call without a token answers 401 before its body
 * is read or validated) and read `request.userId`. The token is looked up at most once per request,
 * in one statement that also reads whether its user is suspended: a hook that needs the user before
 * the route (the suspension check) and `authenticate` share that lookup through
 * `app.tokenOwner(request)`. No token is cached beyond its request, so a logout or a suspension
 * counts on every instance at once (docs/product.md#system, #security).
 */
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { unauthorized } from '../lib/errors.ts'
import { sha256 } from '../lib/crypto.ts'
import { nowIso, type Db } from '../db/index.ts'
import { compiledOnce, type CompiledParam } from '../db/compiled.ts'

/** The user of a live token, and their suspension (user_moderation; none: not suspended). */
export interface TokenOwner {
  userId: number
  suspended: boolean
  /** The operator's reason, told to the user; null when none was given or not suspended. */
  suspendedReason: string | null
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that requires a valid token and sets `request.userId`; 401 otherwise. */
    authenticate(request: FastifyRequest): Promise<void>
    /** The user id of the request's live token, or undefined (no, unknown, revoked or expired token). */
    tokenUserId(request: FastifyRequest): Promise<number | undefined>
    /** The owner of the request's live token with their suspension, or undefined. */
    tokenOwner(request: FastifyRequest): Promise<TokenOwner | undefined>
  }
  interface FastifyRequest {
    /** The id of the token's user, set by `authenticate`. */
    userId: number
    /** The request's one token lookup (internal; null until asked). */
    tokenLookup: Promise<TokenOwner | undefined> | null
  }
}

/** Reads the token from `Authorization: TOKEN` or `Authorization: Bearer TOKEN`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null
  const value = header.trim().replace(/^Bearer\s+/i, '')
  return value || null
}

/** The token's user and suspension by the token's hash, if live at `now` (compiled once). */
const tokenOwnerQuery = compiledOnce(
  (db: Db, param: CompiledParam<{ hash: string; now: string }>) =>
    db
      .selectFrom('access_tokens')
      .leftJoin('user_moderation', 'user_moderation.user_id', 'access_tokens.user_id')
      .select(['access_tokens.user_id', 'user_moderation.suspended', 'user_moderation.reason'])
      .where('access_tokens.token_hash', '=', param('hash'))
      .where('access_tokens.revoked_at', 'is', null)
      .where('access_tokens.expires_at', '>', param('now')),
)

/**
 * The owner of `token` if it is live at `nowIso` (ISO time: unrevoked, unexpired), with their
 * suspension, in one statement (the unique index on the token's hash, the moderation row by its
 * key). Undefined for an unknown, revoked or expired token. The benchmark's floor
 * (tests/bench/api-floor.ts) calls it too.
 */
export async function lookUpToken(
  db: Db,
  token: string,
  now: string,
): Promise<TokenOwner | undefined> {
  const [row] = (await tokenOwnerQuery(db, { hash: sha256(token), now })).rows
  if (!row) return undefined
  return {
    userId: row.user_id,
    suspended: Boolean(row.suspended),
    suspendedReason: row.suspended ? (row.reason ?? null) : null,
  }
}

export default fp(async (app) => {
  app.decorateRequest('userId', 0)
  app.decorateRequest('tokenLookup', null)
  app.decorate('tokenOwner', (request: FastifyRequest) => {
    if (!request.tokenLookup) {
      const token = readToken(request.headers.authorization)
      request.tokenLookup = token
        ? lookUpToken(app.db, token, nowIso(app.config.clock?.()))
        : Promise.resolve(undefined)
    }
    return request.tokenLookup
  })
  app.decorate(
    'tokenUserId',
    async (request: FastifyRequest) => (await app.tokenOwner(request))?.userId,
  )
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const owner = await app.tokenOwner(request)
    if (!owner) throw unauthorized()
    request.userId = owner.userId
  })
})
