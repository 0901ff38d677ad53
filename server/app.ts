/**
 * Builds the Fastify app: external plugins (database, mail, rate limit, security headers), then
 * the API's routes under `/api/v1`, then the PWA's static files. Used by `server/index.ts` and by
 * the tests, which pass their own config.
 */
import zlib from 'node:zlib'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import formbody from '@fastify/formbody'
import compress from '@fastify/compress'
import { loadConfig, type AppConfig } from './config.ts'
import database from './plugins/database.ts'
import { prepareDatabase } from './db/prepare.ts'
import mailer from './plugins/mailer.ts'
import background from './plugins/background.ts'
import rateLimit from './plugins/rate-limit.ts'
import security from './plugins/security.ts'
import errors, { answerClientError, answerFrameworkError } from './plugins/errors.ts'
import inputGuard from './plugins/input-guard.ts'
import auth from './plugins/auth.ts'
import staticFiles from './plugins/static.ts'
import { renderedPages } from './earning/rendered-pages.ts'
import { strictBodyValidators } from './lib/schema-validators.ts'
import { releaseAbandonedKeys } from './db/abandoned-keys.ts'
import metrics from './plugins/metrics.ts'
import maintenance from './plugins/maintenance.ts'
import opsPage from './plugins/ops-page.ts'
import openapi from './plugins/openapi.ts'
import push from './push/plugin.ts'
import deviceTokens from './accounts/device-token-plugin.ts'
import { hashPool } from './lib/hash-pool.ts'
import routes from './routes/index.ts'
import './plugins/config.ts'

/** Creates the app with `overrides` on top of the environment's config; call `ready()` or `listen()`. */
export async function buildApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(), ...overrides }
  // Migrations run before the app is built: they may take minutes on a large database, and no
  // plugin's start-up may (Fastify's plugin timeout, 10 s).
  const prepared = await prepareDatabase(config.databaseUrl, config.seed)
  if (config.hashPool) hashPool.resize(config.hashPool)
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    // Two log lines per request cost more than a dashboard's queries under load; the errors
    // plugin logs the answers worth reading (5xx and slow ones) instead.
    logController: new LogController({ disableRequestLogging: true }),
    // Refusals raised before routing, and by Node's HTTP parser, answer `{ message, code }` too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Bodies are validated without type coercion; query strings and paths keep it.
    schemaController: { compilersFactory: { buildValidator: strictBodyValidators() } },
  })
  app.decorate('config', config)
  app.decorate('draining', false)
  await app.register(errors)
  // gzip/brotli for JSON and the PWA's text assets: what a phone on Slow 4G downloads.
  // Brotli quality 5 keeps per-request CPU low while still beating gzip on size.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  })
  await app.register(database, { prepared })
  // Keys a crashed process left in flight are released before any request is served.
  await app.register(async (scoped) => {
    const released = await releaseAbandonedKeys(scoped.db, scoped.engine)
    if (released > 0)
      scoped.log.warn({ released }, 'released idempotency keys left in flight by a crash')
  })
  await app.register(maintenance)
  await app.register(mailer)
  await app.register(background)
  await app.register(push)
  await app.register(deviceTokens)
  await app.register(rateLimit)
  await app.register(security)
  await app.register(formbody)
  await app.register(inputGuard)
  await app.register(auth)
  await app.register(metrics)
  // Before the routes: it collects their schemas as they are added.
  await app.register(openapi)
  await app.register(routes, { prefix: '/api/v1' })
  await app.register(opsPage)
  await app.register(staticFiles, { renderedPages })
  return app
}
