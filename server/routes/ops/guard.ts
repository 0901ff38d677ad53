/**
 * The console's access check (docs/product.md#operators): every `/api/v1/ops/…` route but login needs a console
 * session token (`Authorization: Bearer ops_…`); a user's access token is refused (401
 * OPS_UNAUTHORIZED). Until the operator replaces the printed one-time password, every route but me,
 * password and logout answers 403 OPS_PASSWORD_CHANGE_REQUIRED. Routes that change anything also
 * need the `operator` role: a viewer gets 403 OPS_READ_ONLY.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../../lib/errors.ts'
import { readToken } from '../../plugins/auth.ts'
import type { OperatorView } from '../../ops/operators.ts'
import { operatorForToken } from '../../ops/operator-sessions.ts'
import type { Actor } from '../../ops/audit.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The console operator of the request, set by `operatorGuard`. */
    operator: (OperatorView & { sessionId: number }) | null
  }
}

/** The routes an operator who must still replace the one-time password may use. */
const PASSWORD_CHANGE_ROUTES = new Set([
  '/api/v1/ops/me',
  '/api/v1/ops/password',
  '/api/v1/ops/logout',
])

/**
 * onRequest hooks for console routes: `read` needs any operator, `write` the operator role. They
 * run before the body is parsed and validated, so a caller without a session learns nothing of a
 * route's input (401 before any 400).
 */
export function operatorGuard(app: FastifyInstance) {
  const now = () => app.config.clock?.() ?? new Date()
  const read = async (request: FastifyRequest): Promise<void> => {
    request.operator = await operatorForToken(
      app.db,
      readToken(request.headers.authorization),
      now(),
    )
    // The printed one-time password opens only the way to replace it (and logout).
    const route = request.routeOptions.url ?? ''
    if (request.operator.password_must_change && !PASSWORD_CHANGE_ROUTES.has(route)) {
      throw new ApiError(403, 'OPS_PASSWORD_CHANGE_REQUIRED', 'Set a password of your own first.')
    }
  }
  const write = async (request: FastifyRequest): Promise<void> => {
    await read(request)
    if (request.operator?.role !== 'operator') {
      throw new ApiError(
        403,
        'OPS_READ_ONLY',
        'A viewer can read the console but not change anything.',
      )
    }
  }
  return { read, write }
}

/** The audit actor of a guarded request. */
export function actorOf(request: FastifyRequest): Actor {
  const op = request.operator
  return { operatorId: op?.id ?? null, actor: op?.email ?? 'unknown', ip: request.ip }
}
