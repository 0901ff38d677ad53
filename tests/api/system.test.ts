import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'

describe.each(ENGINES)('system routes on %s', (engine) => {
  const api = withApi(engine)

  it('answers healthz with 200 once the database is reachable', async () => {
    const res = await api.call('GET', '/api/v1/healthz')
    expect(res.status).toBe(200)
    expect(res.body.engine).toBe(engine)
  })

  it('serves the business rules at /config/ with and without the trailing slash', async () => {
    for (const url of ['/api/v1/config/', '/api/v1/config']) {
      const res = await api.call('GET', url)
      expect(res.status).toBe(200)
      // The withdrawal time is the plans' range of withdrawl_days, the rest the rules.
      expect(res.body.rules).toEqual({ ...DEFAULT_RULES, withdrawalTime: '1 to 7 days' })
    }
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api.call('GET', '/api/v1/no-such-thing/')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Not found.', code: 'NOT_FOUND' })
  })

  it('sends a strict Content-Security-Policy without inline script', async () => {
    const res = await api.app.inject('/api/v1/healthz')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
