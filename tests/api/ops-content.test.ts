// Videos and plans edited in the console on both engines: created and changed with validation and
// audit rows; a hidden video leaves the dashboard, the order follows `position`; a hidden plan
// leaves the plan list and takes no new deposit.
import { beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { createTestOperator } from '../helpers/operators.ts'
import { VIDEO_LIST_TTL_MS } from '../../server/earning/handouts.ts'
import { withApi } from '../helpers/api-app.ts'
import { runningClock } from '../helpers/clocks.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'

describe.each(ENGINES)('console videos and plans on %s', (engine) => {
  const clock = runningClock()
  const api = withApi(engine, { clock: clock.now })
  let token: string
  let viewerToken: string
  let user: TestUser

  const login = async (role: 'operator' | 'viewer') => {
    const e = await createTestOperator(
      api.app.db,
      `${role}-content-${engine}@example.com`,
      role,
      new Date(),
    )
    const res = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: e.password,
        totp: await generate({ secret: e.totpSecret }),
      },
    })
    return res.body.token as string
  }
  /** The dashboard's ids after the cached video list has expired: the app's clock moves past its TTL. */
  const dashboardIds = async () => {
    clock.advance(VIDEO_LIST_TTL_MS)
    const res = await api.call('GET', '/api/v1/dashboard/', { token: user.token })
    expect(res.status).toBe(200)
    const list = (Array.isArray(res.body) ? res.body : (res.body.data as unknown[])) as {
      id: number
    }[]
    return list.map((v) => v.id)
  }

  beforeAll(async () => {
    token = await login('operator')
    viewerToken = await login('viewer')
    user = await createTestUser(api.app)
  })

  it('creates and edits a video, hides it from the dashboard and reorders the list, each audited', async () => {
    const bad = await api.call('POST', '/api/v1/ops/videos', {
      token,
      body: { link: 'javascript:alert(1)', redirection_link: '/x', timer: 30 },
    })
    expect(bad.status).toBe(400)
    expect(
      (
        await api.call('POST', '/api/v1/ops/videos', {
          token: viewerToken,
          body: { link: '/videos/a.mp4', redirection_link: '/a', timer: 30 },
        })
      ).status,
    ).toBe(403)
    const created = await api.call('POST', '/api/v1/ops/videos', {
      token,
      body: {
        link: `https://www.youtube.com/watch?v=ops${engine}`,
        redirection_link: 'https://example.com/new',
        timer: 20,
        position: 0,
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const id = created.body.id as number
    const taken = await api.call('POST', '/api/v1/ops/videos', {
      token,
      body: {
        link: `https://www.youtube.com/watch?v=ops${engine}`,
        redirection_link: '/x',
        timer: 30,
      },
    })
    expect(taken.status).toBe(409)
    const ids = await dashboardIds()
    expect(ids).toContain(id)

    await api.call('PATCH', `/api/v1/ops/videos/${id}`, { token, body: { position: 1_000_000 } })
    expect((await dashboardIds()).at(-1)).toBe(id)
    const hidden = await api.call('PATCH', `/api/v1/ops/videos/${id}`, {
      token,
      body: { active: false, reason: 'broken link' },
    })
    expect(hidden.body).toMatchObject({ id, active: 0, timer: 20 })
    expect(await dashboardIds()).not.toContain(id)

    const audit = await api.app.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity', '=', 'videos')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['video.create', 'video.update', 'video.update'])
    expect(audit[2]?.reason).toBe('broken link')
  })

  it('creates a plan, and a hidden plan leaves the plan list and takes no deposit', async () => {
    const bad = await api.call('POST', '/api/v1/ops/plans', {
      token,
      body: { membership_type: 'Gold', deposit_point: '12.5', video_point: 50, withdrawl_days: 3 },
    })
    expect(bad.status).toBe(400)
    const created = await api.call('POST', '/api/v1/ops/plans', {
      token,
      body: { membership_type: 'Gold', deposit_point: '1499', video_point: 500, withdrawl_days: 2 },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const id = created.body.id as number
    const plans = async () =>
      (
        (await api.call('GET', '/api/v1/get-membership/', { token: user.token }))
          .body as unknown as { id: number }[]
      ).map((p) => p.id)
    expect(await plans()).toContain(id)
    await api.call('PATCH', `/api/v1/ops/plans/${id}`, { token, body: { active: false } })
    expect(await plans()).not.toContain(id)
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 1499, membership_plan_id: id },
      headers: { 'idempotency-key': `plan-${id}` },
    })
    expect(order.status).toBe(400)
    expect(order.body.code).toBe('PLAN_NOT_FOUND')
    const listed = await api.call('GET', '/api/v1/ops/plans', { token: viewerToken })
    expect(
      (listed.body.rows as { id: number; active: number }[]).find((p) => p.id === id),
    ).toMatchObject({ active: 0 })
  })
})
