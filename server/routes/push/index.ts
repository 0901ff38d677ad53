/**
 * Web Push subscriptions, all behind the user's token:
 * - `GET /push/vapid-public-key`: `{ public_key }`, the server's VAPID public key (base64url) the
 *   PWA passes to `pushManager.subscribe` as `applicationServerKey`.
 * - `POST /push/subscriptions` `{ endpoint, keys: { p256dh, auth }, lang? }`: saves this device's
 *   subscription for the token's user (one row per endpoint; saving again updates it).
 * - `DELETE /push/subscriptions` `{ endpoint }`: removes the user's subscription at `endpoint`
 *   (`deleted`: 1, or 0 when there was none).
 * Bad input answers 400 `{ message, code: 'VALIDATION', field }` and changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { pushRoutes as schemas } from '../../../contract/api/push.ts'
import { readToken } from '../../plugins/auth.ts'
import { sha256 } from '../../lib/crypto.ts'
import {
  checkEndpoint,
  checkSubscription,
  deleteSubscription,
  saveSubscription,
} from '../../push/subscriptions.ts'

export default async function pushRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/push/vapid-public-key',
    {
      onRequest: app.authenticate,
      schema: schemas.vapidPublicKey,
    },
    async () => ({ public_key: app.push.publicKey }),
  )

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: schemas.subscribe,
    },
    async (request) => {
      const input = checkSubscription(request.body, app.config.pushServiceHosts)
      const token = readToken(request.headers.authorization)
      const now = app.config.clock?.() ?? new Date()
      await saveSubscription(app.db, request.userId, input, token ? sha256(token) : null, now)
      return { message: 'Notifications are on for this device.' }
    },
  )

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: schemas.unsubscribe,
    },
    async (request) => {
      const { endpoint } = request.body
      const deleted = await deleteSubscription(
        app.db,
        request.userId,
        checkEndpoint(endpoint, app.config.pushServiceHosts),
      )
      return {
        message: deleted
          ? 'Notifications are off for this device.'
          : 'No subscription at this endpoint.',
        deleted,
      }
    },
  )
}
