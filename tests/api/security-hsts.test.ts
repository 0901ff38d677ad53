// Strict-Transport-Security only on answers to requests that arrived over HTTPS, directly or
// through a trusted proxy (docs/product.md#security); the other security headers, computed once at start, on
// every answer (200, 401, 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { HSTS_VALUE, securityHeaders } from '../../server/plugins/security.ts'
import { ENGINES, createTestDatabase, type TestDatabase } from '../helpers/databases.ts'

describe.each(ENGINES)('HSTS on %s', (engine) => {
  let database: TestDatabase
  let direct: FastifyInstance
  let proxied: FastifyInstance
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    const base = { databaseUrl: database.url, logLevel: 'silent', staticDir: undefined }
    direct = await buildApp({ ...base, trustProxy: false })
    proxied = await buildApp({ ...base, trustProxy: true })
    await direct.ready()
    await proxied.ready()
  })
  afterAll(async () => {
    await direct?.close()
    await proxied?.close()
    await database?.drop()
  })

  const get = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/v1/config/', headers })

  it('sends no HSTS over plain HTTP, but the other security headers', async () => {
    const res = await get(direct)
    expect(res.statusCode).toBe(200)
    expect(res.headers['strict-transport-security']).toBeUndefined()
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends every security header, computed once, on answers of every kind', async () => {
    const expected = securityHeaders(direct.config)
    for (const url of ['/api/v1/config/', '/api/v1/get-user/', '/api/v1/no-such-route']) {
      const res = await direct.inject({ method: 'GET', url })
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers[name], `${name} on ${url} (${res.statusCode})`).toBe(value)
      }
    }
    expect(expected['content-security-policy']).toContain("script-src 'self';")
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'")
  })

  it('ignores X-Forwarded-Proto from a proxy that is not trusted', async () => {
    const res = await get(direct, { 'x-forwarded-proto': 'https' })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const res = await get(proxied, { 'x-forwarded-proto': 'https' })
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE)
    const plain = await get(proxied, { 'x-forwarded-proto': 'http' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
  })

  it('sends HSTS on error answers over HTTPS too', async () => {
    const res = await proxied.inject({
      method: 'GET',
      url: '/api/v1/get-user/',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE)
  })
})
