/**
 * Builds the real API on a real database for one test file, driven through `app.inject`.
 * `withApi(engine)` registers the beforeAll/afterAll hooks and returns a handle whose fields are
 * filled once the app is ready.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { Value } from 'typebox/value'
import type { TSchema } from 'typebox'
import { buildApp } from '../../server/app.ts'
import type { AppConfig } from '../../server/config.ts'
import { createTestDatabase, type EngineName, type TestDatabase } from './databases.ts'
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts'
import { startIfscStandIn, type IfscStandIn } from './ifsc-stand-in.ts'

export interface ApiHandle {
  app: FastifyInstance
  smtp: SmtpSink
  /**
   * `app.inject` with JSON and an optional token (sent as `Bearer`). A console POST without an
   * `idempotency-key` header gets a fresh one, as the console sends one per confirmation (pass
   * `'idempotency-key': ''` to send none).
   */
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
    checkAnswersAgainstContract(handle.app)
    await handle.app.ready()
    handle.call = async (method, url, options = {}) => {
      const headers: Record<string, string> = { ...options.headers }
      if (method === 'POST' && url.startsWith('/api/v1/ops/') && !('idempotency-key' in headers)) {
        headers['idempotency-key'] = crypto.randomUUID()
      }
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

/**
 * Makes every answer of `app` a test of the contract: before an answer is serialized, it is checked
 * against its route's response schema for its status (the exact status, else its class: 4xx, 5xx),
 * and a mismatch becomes a 500 naming the route, the status and the fields. So every API test, on
 * both engines, also checks that the server answers as its schemas say, the console's and push
 * routes included (fast-json-stringify alone would drop or coerce a mismatched field silently).
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, TSchema> | undefined
    if (!responses) return payload
    const status = reply.statusCode
    const schema = responses[String(status)] ?? responses[`${String(status)[0]}xx`]
    if (!schema) {
      throw new Error(
        `${request.method} ${request.routeOptions.url} declares no schema for ${status}`,
      )
    }
    // As JSON would carry it (dates as ISO text), which is what the schema describes.
    const answer: unknown = JSON.parse(JSON.stringify(payload))
    const errors = [...Value.Errors(schema, answer)].map((e) => `${e.instancePath} ${e.message}`)
    if (errors.length > 0) {
      throw new Error(
        `${request.method} ${request.routeOptions.url} ${status} does not match its schema: ${errors.join('; ')}`,
      )
    }
    return payload
  })
}

/**
 * Registers the block's hooks for an IFSC service stand-in (./ifsc-stand-in.ts): started in
 * beforeAll, closed in afterAll. Call it before `withApi` and pass `get ifscApiUrl() { return
 * ifsc.url }`, so the app reads the URL once the stand-in listens; `url` and `hits` are set then.
 */
export function withIfscStandIn(): IfscStandIn {
  const handle = {} as IfscStandIn
  beforeAll(async () => {
    Object.assign(handle, await startIfscStandIn())
  })
  afterAll(async () => {
    await handle.close?.()
  })
  return handle
}
