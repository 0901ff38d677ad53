/**
 * A suspended user cannot claim rewards or withdraw, and is told why (docs/product.md#operators):
 * `POST /add-reward/` and `POST /add-withdraw/` answer 403 ACCOUNT_SUSPENDED with the operator's
 * reason for a token whose user is suspended (user_moderation), in the English message and on its
 * own as `reason` (null when none was stored), so a Hindi page can show the operator's words apart
 * from its own translation. Register before the routes.
 * The suspension comes with the request's one token lookup (server/plugins/auth.ts): no
 * statement of its own.
 */
import fp from 'fastify-plugin'
import { forbidden } from '../lib/errors.ts'

/** The route patterns a suspension blocks. */
const BLOCKED = new Set(['/api/v1/add-reward/', '/api/v1/add-withdraw/'])

export default fp(async (app) => {
  app.addHook('preHandler', async (request) => {
    if (!BLOCKED.has(request.routeOptions.url ?? '')) return
    // No token: the route's own authentication answers 401.
    const owner = await app.tokenOwner(request)
    if (owner?.suspended) {
      throw forbidden(
        'ACCOUNT_SUSPENDED',
        `Your account is suspended: ${owner.suspendedReason ?? 'please contact support'}. Rewards and withdrawals are paused; write to support to resolve it.`,
        { reason: owner.suspendedReason ?? null },
      )
    }
  })
})
