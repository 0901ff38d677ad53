/**
 * Web Push subscriptions (issue 16), all behind the user's token:
 * - `GET /push/vapid-public-key`: `{ public_key }`, the server's VAPID public key (base64url) the
 *   PWA passes to `pushManager.subscribe` as `applicationServerKey`.
 * - `POST /push/subscriptions` `{ endpoint, keys: { p256dh, auth }, lang? }`: saves this device's
 *   subscription for the token's user (one row per endpoint; saving again updates it).
 * - `DELETE /push/subscriptions` `{ endpoint }`: removes the user's subscription at `endpoint`
 *   (`deleted`: 1, or 0 when there was none).
 * Bad input answers 400 `{ message, code: 'VALIDATION', field }` and changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import { readToken } from '../../plugins/auth.ts'
import { sha256 } from '../../lib/crypto.ts'
import {
  checkEndpoint,
  checkSubscription,
  deleteSubscription,
  saveSubscription,
} from '../../push/subscriptions.ts'

const errorBody = {
  type: 'object',
  required: ['message', 'code'],
  properties: { message: { type: 'string' }, code: { type: 'string' }, field: { type: 'string' } },
} as const
const errors = { '4xx': errorBody, '5xx': errorBody } as const
const message = { type: 'string' } as const

export default async function pushRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/push/vapid-public-key',
    {
      preHandler: app.authenticate,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['public_key'],
            properties: { public_key: { type: 'string' } },
          },
          ...errors,
        },
      },
    },
    async () => ({ public_key: app.push.publicKey }),
  )

  app.post(
    '/push/subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['endpoint', 'keys'],
          properties: {
            endpoint: { type: 'string' },
            keys: {
              type: 'object',
              required: ['p256dh', 'auth'],
              properties: { p256dh: { type: 'string' }, auth: { type: 'string' } },
            },
            lang: { type: 'string', maxLength: 35 },
          },
        },
        response: {
          200: { type: 'object', required: ['message'], properties: { message } },
          ...errors,
        },
      },
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
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['endpoint'],
          properties: { endpoint: { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'deleted'],
            properties: { message, deleted: { type: 'integer' } },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const { endpoint } = request.body as { endpoint: string }
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
