/**
 * A suspended user cannot claim rewards or withdraw, and is told why (issue 17; DECISIONS §8):
 * `POST /add-reward/` and `POST /add-withdraw/` answer 403 ACCOUNT_SUSPENDED with the operator's
 * reason for a token whose user is suspended (user_moderation). Register before the routes.
 */
import fp from 'fastify-plugin'
import { forbidden } from '../lib/errors.ts'
import { moderationOf } from '../ops/users.ts'

/** The route patterns a suspension blocks. */
const BLOCKED = new Set(['/api/v1/add-reward/', '/api/v1/add-withdraw/'])

export default fp(async (app) => {
  app.addHook('preHandler', async (request) => {
    if (!BLOCKED.has(request.routeOptions.url ?? '')) return
    // The same lookup `authenticate` reuses; no token: the route's own authentication answers 401.
    const userId = await app.tokenUserId(request)
    if (userId === undefined) return
    const moderation = await moderationOf(app.db, userId)
    if (moderation.suspended) {
      throw forbidden(
        'ACCOUNT_SUSPENDED',
        `Your account is suspended: ${moderation.reason ?? 'please contact support'}. Rewards and withdrawals are paused; write to support to resolve it.`,
      )
    }
  })
})
