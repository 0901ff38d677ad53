/**
 * Decorates the app with `push`, the notifier of money events, once the database is open: its VAPID
 * keys come from the configuration or the database (generated on the first start). Closing the app
 * waits for the notifications already started.
 */
import fp from 'fastify-plugin'
import { createPushNotifier, type PushNotifier } from './notifier.ts'
import { loadVapidKeys } from './vapid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushNotifier
  }
}

export default fp(async (app) => {
  const now = app.config.clock?.() ?? new Date()
  const keys = await loadVapidKeys(app.db, app.config.vapidKeys, now)
  const notifier = createPushNotifier({
    db: app.db,
    keys,
    subject: app.config.vapidSubject,
    agent: app.config.pushAgent,
    log: app.log,
  })
  app.decorate('push', notifier)
  app.addHook('onClose', async () => notifier.idle())
})
