/**
 * Reads each request's `X-Device-Token` (server/accounts/device-tokens.ts) into `request.device`:
 * its claims when the server signed it, else null. Decorates the app with `deviceTokenKey`, the
 * signing key (kept in the database, made on the first start), for the routes that issue tokens.
 */
import fp from 'fastify-plugin'
import {
  DEVICE_TOKEN_HEADER,
  loadDeviceTokenKey,
  readDeviceToken,
  type DeviceClaims,
} from './device-tokens.ts'

declare module 'fastify' {
  interface FastifyInstance {
    deviceTokenKey: Buffer
  }
  interface FastifyRequest {
    device: DeviceClaims | null
  }
}

export default fp(async (app) => {
  const now = () => app.config.clock?.() ?? new Date()
  const key = await loadDeviceTokenKey(app.db, now())
  app.decorate('deviceTokenKey', key)
  app.decorateRequest('device', null)
  app.addHook('onRequest', async (request) => {
    const token = request.headers[DEVICE_TOKEN_HEADER]
    if (token !== undefined) request.device = readDeviceToken(key, token, now())
  })
})
