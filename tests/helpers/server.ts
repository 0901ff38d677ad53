/**
 * The whole product on a random local port for end-to-end tests: the built PWA (dist/, built by
 * `npm test` before the tests run) and the API on a real database, mail to a real SMTP sink.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import type { AppConfig } from '../../server/config.ts'
import { createTestDatabase, type EngineName, type TestDatabase } from './databases.ts'
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts'

export interface RunningProduct {
  app: FastifyInstance
  baseUrl: string
  smtp: SmtpSink
  databaseUrl: string
  stop(): Promise<void>
}

/** Starts the product; the build must exist (run `npm run build` first). */
export async function startProduct(
  engine: EngineName = 'sqlite',
  overrides: Partial<AppConfig> = {},
): Promise<RunningProduct> {
  const staticDir = path.resolve('dist')
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` before the end-to-end tests')
  }
  let database: TestDatabase
  let databaseUrl: string
  if (engine === 'sqlite') {
    // A file, so the ops command (a separate process) can open the same database.
    fs.mkdirSync('data/test', { recursive: true })
    databaseUrl = `file:data/test/e2e-${process.pid}-${Date.now()}.db`
    database = {
      url: databaseUrl,
      drop: async () => fs.rmSync(databaseUrl.slice(5), { force: true }),
    }
  } else {
    database = await createTestDatabase(engine)
    databaseUrl = database.url
  }
  const smtp = await startSmtpSink()
  const app = await buildApp({
    databaseUrl,
    smtpUrl: smtp.url,
    staticDir,
    logLevel: 'silent',
    ...overrides,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    smtp,
    databaseUrl,
    async stop() {
      await app.close()
      await smtp.close()
      await database.drop()
    },
  }
}
