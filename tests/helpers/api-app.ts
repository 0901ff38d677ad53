/**
 * Builds the real API on a real database for one test file, driven through `app.inject`.
 * `withApi(engine)` registers the beforeAll/afterAll hooks and returns a handle whose fields are
 * filled once the app is ready.
 */
import { afterAll, beforeAll } from 'vitest'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildApp } from '../../server/app.ts'
import type { AppConfig } from '../../server/config.ts'
import { createTestDatabase, type EngineName, type TestDatabase } from './databases.ts'
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts'

export interface ApiHandle {
  app: FastifyInstance
  smtp: SmtpSink
  /** `app.inject` with JSON and an optional token (sent as `Bearer`). */
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<{
    status: number
    body: Record<string, unknown> & { message?: string; code?: string }
  }>
}

export function withApi(engine: EngineName, overrides: Partial<AppConfig> = {}): ApiHandle {
  const handle = {} as ApiHandle
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    handle.smtp = await startSmtpSink()
    handle.app = await buildApp({
      databaseUrl: database.url,
      smtpUrl: handle.smtp.url,
      logLevel: 'silent',
      staticDir: undefined,
      ...overrides,
    })
    await handle.app.ready()
    handle.call = async (method, url, options = {}) => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      const res = await handle.app.inject({
        method,
        url,
        headers,
        payload: options.body as InjectOptions['payload'],
        remoteAddress: options.ip ?? '127.0.0.1',
      })
      let body: Record<string, unknown>
      try {
        body = res.json()
      } catch {
        body = { raw: res.body }
      }
      return { status: res.statusCode, body }
    }
  })
  afterAll(async () => {
    await handle.app?.close()
    await handle.smtp?.close()
    await database?.drop()
  })
  return handle
}
