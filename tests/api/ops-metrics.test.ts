// GET /metrics (prom-client text, behind METRICS_TOKEN, 404 without one), GET /api/v1/livez and GET
// /api/v1/readyz (database, and Redis when configured: degraded, still ready, when it does not
// answer; 503 while draining) on both engines.
import { describe, expect, it } from 'vitest'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'

const TOKEN = 'metrics-secret-for-tests'

describe.each(ENGINES)('metrics and health on %s', (engine) => {
  const api = withApi(engine, { metricsToken: TOKEN })
  const noToken = withApi(engine)
  const redisDown = withApi(engine, { redisUrl: 'redis://127.0.0.1:1' })

  const scrape = (token?: string) =>
    api.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('answers /metrics only with the METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape('wrong')).statusCode).toBe(401)
    const res = await scrape(TOKEN)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
  })

  it('answers /metrics 404 when no METRICS_TOKEN is configured', async () => {
    const res = await noToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything' },
    })
    expect(res.statusCode).toBe(404)
  })

  it('counts requests per route pattern and reports the ledger, the queues and the overdue withdrawals', async () => {
    const user = await createTestUser(api.app)
    await grantCoins(api.app, user.id, 700)
    for (let i = 0; i < 3; i++) await api.call('GET', '/api/v1/get-user/', { token: user.token })
    for (let i = 0; i < 2; i++) {
      // The same key twice: the second is a replay, answered from the idempotency store.
      await api.call('POST', '/api/v1/create-order/', {
        token: user.token,
        body: { amount: 99, membership_plan_id: null },
        headers: { 'idempotency-key': `m-${user.id}` },
      })
    }
    const text = (await scrape(TOKEN)).body
    const getUser = text.match(
      /^http_requests_total\{method="GET",route="\/api\/v1\/get-user\/",status="200"\} (\d+)/m,
    )
    expect(Number(getUser?.[1])).toBeGreaterThanOrEqual(3)
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/get-user\/"\}/m,
    )
    expect(text).toMatch(/^watch_earn_ledger_coins\{kind="signup_bonus",status="confirmed"\} 700$/m)
    expect(text).toMatch(/^watch_earn_open_orders\{with_utr="no"\} [1-9]/m)
    expect(text).toMatch(/^watch_earn_requested_withdrawals 0$/m)
    expect(text).toMatch(/^watch_earn_overdue_withdrawals 0$/m)
    expect(text).toMatch(
      /^watch_earn_idempotent_requests_total\{route="\/api\/v1\/create-order\/"\} 2$/m,
    )
    expect(text).toMatch(
      /^watch_earn_outbox_replays_total\{route="\/api\/v1\/create-order\/"\} 1$/m,
    )
    expect(text).toMatch(/^watch_earn_idempotency_keys [1-9]/m)
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
  })

  it('answers livez and readyz while the database answers', async () => {
    const live = await api.call('GET', '/api/v1/livez')
    expect(live.status).toBe(200)
    const ready = await api.call('GET', '/api/v1/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.checks).toEqual({ database: 'ok' })
  })

  it('answers readyz 503 DRAINING once a graceful stop began, while it still serves requests', async () => {
    const user = await createTestUser(api.app)
    api.app.draining = true
    try {
      const ready = await api.call('GET', '/api/v1/readyz')
      expect(ready.status).toBe(503)
      expect(ready.body).toMatchObject({ code: 'DRAINING', checks: { database: 'ok' } })
      expect((await api.call('GET', '/api/v1/livez')).status).toBe(200)
      expect((await api.call('GET', '/api/v1/get-user/', { token: user.token })).status).toBe(200)
    } finally {
      api.app.draining = false
    }
    expect((await api.call('GET', '/api/v1/readyz')).status).toBe(200)
  })

  it('answers readyz 200 with redis degraded when the configured Redis does not answer (Redis is optional)', async () => {
    expect((await redisDown.call('GET', '/api/v1/livez')).status).toBe(200)
    const ready = await redisDown.call('GET', '/api/v1/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'degraded' },
    })
  })
})

describe('readyz with a live Redis', () => {
  const api = withApi('sqlite', { redisUrl: 'redis://127.0.0.1:6379' })
  it('checks Redis with PING and answers 200', async () => {
    const ready = await api.call('GET', '/api/v1/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'ok' })
  })
})
