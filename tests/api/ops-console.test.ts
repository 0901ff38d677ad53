// The operators' console API on both engines: operator login with password and TOTP, lockout,
// sessions, roles, user tokens refused; the order and withdrawal queues with their actions through
// the earning functions, each with its audit row; the audit trail's list, CSV and append-only
// table.
import { writeAudit } from '../../server/ops/audit.ts'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generate } from 'otplib'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { createOperator } from '../../server/ops/operators.ts'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser } from '../helpers/users.ts'
import { assertLedgerBalanced, grantCoins, testClock } from '../helpers/ledger.ts'

describe.each(ENGINES)('operators console on %s', (engine) => {
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
    authRateLimit: { max: 1000, timeWindowMs: 60_000 },
  })
  let operator: { email: string; password: string; secret: string }
  let viewer: { email: string; password: string; secret: string }

  /** A TOTP code for `secret` at the test clock's time. */
  const code = (secret: string, offsetSeconds = 0) =>
    generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds })

  /** Logs `who` in with a fresh code (the clock moves one TOTP step first, so no code repeats). */
  async function login(who: { email: string; password: string; secret: string }): Promise<string> {
    clock.advance(30)
    const res = await api.call('POST', '/api/v1/ops/login', {
      body: { email: who.email, password: who.password, totp: await code(who.secret) },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.token as string
  }

  beforeAll(async () => {
    const op = await createTestOperator(
      api.app.db,
      `op-${engine}@example.com`,
      'operator',
      clock.now(),
    )
    operator = { email: op.operator.email, password: op.password, secret: op.totpSecret }
    const v = await createTestOperator(
      api.app.db,
      `viewer-${engine}@example.com`,
      'viewer',
      clock.now(),
    )
    viewer = { email: v.operator.email, password: v.password, secret: v.totpSecret }
  })

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  it('enrols an operator with a one-time password and an otpauth:// TOTP URI', async () => {
    const e = await createOperator(api.app.db, `new-${engine}@example.com`, 'viewer', clock.now())
    expect(e.password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(e.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/)
    const row = await api.app.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', e.operator.id)
      .executeTakeFirstOrThrow()
    expect(row.password_hash).not.toContain(e.password)
    expect(row.role).toBe('viewer')
  })

  it('lets the printed one-time password do one thing: set a password of the operator’s own', async () => {
    const e = await createOperator(
      api.app.db,
      `first-${engine}@example.com`,
      'operator',
      clock.now(),
    )
    clock.advance(30)
    const first = await api.call('POST', '/api/v1/ops/login', {
      body: { email: e.operator.email, password: e.password, totp: await code(e.totpSecret) },
    })
    expect(first.status).toBe(200)
    expect(first.body.operator).toMatchObject({ password_must_change: true })
    const token = first.body.token as string
    const blocked = await api.call('GET', '/api/v1/ops/orders', { token })
    expect(blocked.status).toBe(403)
    expect(blocked.body.code).toBe('OPS_PASSWORD_CHANGE_REQUIRED')
    expect((await api.call('GET', '/api/v1/ops/me', { token })).status).toBe(200)
    const change = (current: string, next: string) =>
      api.call('POST', '/api/v1/ops/password', {
        token,
        body: { current_password: current, new_password: next },
      })
    expect((await change(e.password, 'too-short')).status).toBe(400)
    expect((await change('not-the-password', 'a long enough new password')).status).toBe(401)
    expect((await change(e.password, 'a long enough new password')).status).toBe(200)
    expect((await api.call('GET', '/api/v1/ops/orders', { token })).status).toBe(200)
    clock.advance(30)
    const old = await api.call('POST', '/api/v1/ops/login', {
      body: { email: e.operator.email, password: e.password, totp: await code(e.totpSecret) },
    })
    expect(old.status).toBe(401)
    const fresh = await api.call('POST', '/api/v1/ops/login', {
      body: {
        email: e.operator.email,
        password: 'a long enough new password',
        totp: await code(e.totpSecret),
      },
    })
    expect(fresh.status).toBe(200)
    expect(fresh.body.operator).toMatchObject({ password_must_change: false })
  })

  it('logs in with password and TOTP code, and refuses a wrong code, a wrong password and a reused code (saying it was used)', async () => {
    clock.advance(30)
    const good = await code(operator.secret)
    const wrongCode = String((Number(good) + 1) % 1_000_000).padStart(6, '0')
    const bad = await api.call('POST', '/api/v1/ops/login', {
      body: { email: operator.email, password: operator.password, totp: wrongCode },
    })
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe('OPS_LOGIN_FAILED')
    const badPassword = await api.call('POST', '/api/v1/ops/login', {
      body: { email: operator.email, password: 'not-the-password', totp: good },
    })
    expect(badPassword.status).toBe(401)
    const ok = await api.call('POST', '/api/v1/ops/login', {
      body: { email: operator.email, password: operator.password, totp: good },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.token).toMatch(/^ops_/)
    expect(Date.parse(ok.body.expires_at as string) - clock.now().getTime()).toBe(8 * 3_600_000)
    // A second login in the same 30-second window: told why, in its own words and code.
    const replay = await api.call('POST', '/api/v1/ops/login', {
      body: { email: operator.email, password: operator.password, totp: good },
    })
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe('OPS_TOTP_REUSED')
    expect(replay.body.message).toMatch(/already used.*next code/)
    // Without the password the used code says nothing more than any wrong login.
    const replayWrongPassword = await api.call('POST', '/api/v1/ops/login', {
      body: { email: operator.email, password: 'not-the-password', totp: good },
    })
    expect(replayWrongPassword.body.code).toBe('OPS_LOGIN_FAILED')
    const logins = await api.app.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'operator.login')
      .where('actor', '=', operator.email)
      .execute()
    expect(logins).toEqual([{ actor: operator.email, action: 'operator.login' }])
    const me = await api.call('GET', '/api/v1/ops/me', { token: ok.body.token as string })
    expect(me.body.operator).toMatchObject({ email: operator.email, role: 'operator' })
  })

  it('locks the operator after 5 wrong tries, refuses even the right code while locked, and lets them in after 15 minutes', async () => {
    const e = await createTestOperator(
      api.app.db,
      `lock-${engine}@example.com`,
      'operator',
      clock.now(),
    )
    for (let i = 0; i < 4; i++) {
      const res = await api.call('POST', '/api/v1/ops/login', {
        body: { email: e.operator.email, password: 'wrong', totp: '000000' },
      })
      expect(res.status).toBe(401)
    }
    const fifth = await api.call('POST', '/api/v1/ops/login', {
      body: { email: e.operator.email, password: 'wrong', totp: '000000' },
    })
    expect(fifth.status).toBe(423)
    expect(fifth.body.code).toBe('ACCOUNT_LOCKED')
    clock.advance(30)
    const locked = await api.call('POST', '/api/v1/ops/login', {
      body: { email: e.operator.email, password: e.password, totp: await code(e.totpSecret) },
    })
    expect(locked.status).toBe(423)
    clock.advance(15 * 60)
    const after = await api.call('POST', '/api/v1/ops/login', {
      body: { email: e.operator.email, password: e.password, totp: await code(e.totpSecret) },
    })
    expect(after.status).toBe(200)
  })

  it('refuses a user access token on every console route, and a console token on the user API', async () => {
    const user = await createTestUser(api.app)
    for (const [method, url] of [
      ['GET', '/api/v1/ops/me'],
      ['GET', '/api/v1/ops/orders'],
      ['GET', '/api/v1/ops/withdrawals'],
      ['GET', '/api/v1/ops/audit'],
      ['POST', '/api/v1/ops/withdrawals/1/fail'],
    ] as const) {
      const res = await api.call(method, url, { token: user.token, body: { reason: 'nope nope' } })
      expect(res.status, url).toBe(401)
      expect(res.body.code).toBe('OPS_UNAUTHORIZED')
    }
    const token = await login(operator)
    const asUser = await api.call('GET', '/api/v1/get-user/', { token })
    expect(asUser.status).toBe(401)
  })

  it('ends a session at logout and after 8 hours', async () => {
    const token = await login(viewer)
    expect((await api.call('GET', '/api/v1/ops/me', { token })).status).toBe(200)
    await api.call('POST', '/api/v1/ops/logout', { token })
    expect((await api.call('GET', '/api/v1/ops/me', { token })).status).toBe(401)
    const second = await login(viewer)
    clock.advance(8 * 3600 - 1)
    expect((await api.call('GET', '/api/v1/ops/me', { token: second })).status).toBe(200)
    clock.advance(2)
    expect((await api.call('GET', '/api/v1/ops/me', { token: second })).status).toBe(401)
  })

  it('lets a viewer read the queues and the audit trail but change nothing', async () => {
    const token = await login(viewer)
    expect((await api.call('GET', '/api/v1/ops/orders', { token })).status).toBe(200)
    expect((await api.call('GET', '/api/v1/ops/withdrawals', { token })).status).toBe(200)
    expect((await api.call('GET', '/api/v1/ops/audit', { token })).status).toBe(200)
    const user = await createTestUser(api.app)
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
      headers: { 'idempotency-key': `fee-${user.id}` },
    })
    expect(order.status).toBe(200)
    const orderId = (order.body.data as { order_id: string }).order_id
    const refused = await api.call('POST', `/api/v1/ops/orders/${orderId}/confirm`, {
      token,
      body: { upi_reference: '123456789012' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('OPS_READ_ONLY')
    const row = await api.app.db
      .selectFrom('orders')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('pending')
  })

  it('shows an open order with the user’s UTR, confirms it through confirmOrder and audits before and after', async () => {
    const token = await login(operator)
    const user = await createTestUser(api.app)
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
      headers: { 'idempotency-key': `fee-${user.id}` },
    })
    const orderId = (order.body.data as { order_id: string }).order_id
    const utr = String(400_000_000_000 + user.id)
    const entered = await api.call('POST', `/api/v1/orders/${orderId}/utr/`, {
      token: user.token,
      body: { utr },
    })
    expect(entered.status, JSON.stringify(entered.body)).toBe(200)
    clock.advance(600)

    const queue = await api.call('GET', `/api/v1/ops/orders?q=${encodeURIComponent(user.email)}`, {
      token,
    })
    expect(queue.body.total).toBe(1)
    expect((queue.body.rows as unknown[])[0]).toMatchObject({
      order_id: orderId,
      email: user.email,
      // The console's user column and its confirmation's balance.
      first_name: expect.any(String),
      points: await points(user.id),
      purpose: 'platform_fee',
      amount: 99,
      utr,
      status: 'pending',
    })
    expect(
      ((queue.body.rows as { age_seconds: number }[])[0] as { age_seconds: number }).age_seconds,
    ).toBeGreaterThanOrEqual(600)
    // A page past the last row still counts the queue.
    const pastEnd = await api.call(
      'GET',
      `/api/v1/ops/orders?after=999999999&q=${encodeURIComponent(user.email)}`,
      { token },
    )
    expect(pastEnd.body).toMatchObject({ rows: [], total: 1, total_capped: false, next: null })

    const mismatch = await api.call('POST', `/api/v1/ops/orders/${orderId}/confirm`, {
      token,
      body: { upi_reference: '999999999999' },
    })
    expect(mismatch.status).toBe(409)
    expect(await auditRows('orders', orderId)).toHaveLength(0)

    const ok = await api.call('POST', `/api/v1/ops/orders/${orderId}/confirm`, {
      token,
      body: { upi_reference: utr, reason: 'seen in the HDFC statement' },
      ip: '10.1.2.3',
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const fee = await api.app.db
      .selectFrom('users')
      .select('platform_fee_paid')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(fee.platform_fee_paid).toBe(1)
    const audit = await auditRows('orders', orderId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actor: operator.email,
      action: 'order.confirm',
      reason: 'seen in the HDFC statement',
      ip: '10.1.2.3',
    })
    expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({ status: 'pending' })
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      status: 'confirmed',
      upi_reference: utr,
    })

    // Confirming again with the same reference changes nothing and writes no second audit row.
    const again = await api.call('POST', `/api/v1/ops/orders/${orderId}/confirm`, {
      token,
      body: { upi_reference: utr },
    })
    expect(again.body.unchanged).toBe(true)
    expect(await auditRows('orders', orderId)).toHaveLength(1)
  })

  it('rejects an order only with a reason, and audits it', async () => {
    const token = await login(operator)
    const user = await createTestUser(api.app)
    const order = await api.call('POST', '/api/v1/create-order/', {
      token: user.token,
      body: { amount: 99, membership_plan_id: null },
      headers: { 'idempotency-key': `fee-${user.id}` },
    })
    const orderId = (order.body.data as { order_id: string }).order_id
    const noReason = await api.call('POST', `/api/v1/ops/orders/${orderId}/reject`, {
      token,
      body: { reason: '' },
    })
    expect(noReason.status).toBe(400)
    const ok = await api.call('POST', `/api/v1/ops/orders/${orderId}/reject`, {
      token,
      body: { reason: 'no such credit in the statement' },
    })
    expect(ok.status).toBe(200)
    const audit = await auditRows('orders', orderId)
    expect(audit.map((a) => a.action)).toEqual(['order.reject'])
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({ status: 'rejected' })
  })

  it('lists withdrawals overdue first, pays one with its UTR and fails one with a reason (coins back), each audited', async () => {
    const user = await createTestUser(api.app, { platformFeePaid: true })
    await grantCoins(api.app, user.id, 300_000)
    const ids: number[] = []
    for (const amount of [1000, 500]) {
      const res = await api.call('POST', '/api/v1/add-withdraw/', {
        token: user.token,
        body: { upi_id: 'someone@okaxis', amount, pin: user.pin },
        headers: { 'idempotency-key': `w-${user.id}-${amount}` },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      ids.push((res.body.data as { withdrawal_id: number }).withdrawal_id)
      clock.advance(3600)
    }
    // The first is due first; move past its due date so it is overdue.
    const first = await api.app.db
      .selectFrom('withdrawals')
      .select('due_at')
      .where('id', '=', ids[0] as number)
      .executeTakeFirstOrThrow()
    clock.advance(
      Math.ceil((Date.parse(first.due_at as string) - clock.now().getTime()) / 1000) + 60,
    )
    // Logged in after the days pass: a console session lasts 8 hours.
    const token = await login(operator)

    const queue = await api.call(
      'GET',
      `/api/v1/ops/withdrawals?q=${encodeURIComponent(user.email)}`,
      { token },
    )
    const rows = queue.body.rows as { id: number; overdue: boolean }[]
    expect(rows.map((r) => r.id)).toEqual(ids)
    expect(rows[0]?.overdue).toBe(true)
    // The user's name and balance, and the coins a failure returns (amount and fee), for the
    // console's confirmation.
    expect(rows[1]).toMatchObject({
      first_name: expect.any(String),
      points: await points(user.id),
      coins: (500 + 1) * 100,
    })
    const overdue = await api.call(
      'GET',
      `/api/v1/ops/withdrawals?overdue=true&q=${encodeURIComponent(user.email)}`,
      { token },
    )
    expect((overdue.body.rows as { id: number }[]).map((r) => r.id)).toContain(ids[0])
    const firstPage = await api.call(
      'GET',
      `/api/v1/ops/withdrawals?limit=1&q=${encodeURIComponent(user.email)}`,
      { token },
    )
    expect(firstPage.body.next).toEqual(expect.any(String))
    const paged = await api.call(
      'GET',
      `/api/v1/ops/withdrawals?limit=1&after=${encodeURIComponent(firstPage.body.next as string)}&q=${encodeURIComponent(user.email)}`,
      { token },
    )
    expect(paged.body.total).toBe(2)
    expect(paged.body.total_capped).toBe(false)
    expect(paged.body.next).toBeNull()
    expect((paged.body.rows as { id: number }[]).map((r) => r.id)).toEqual([ids[1]])
    // A page past the last row (its cursor is the last row's) still counts the queue.
    const lastRow = (paged.body.rows as { id: number; due_at: string }[])[0]!
    const pastEnd = await api.call(
      'GET',
      `/api/v1/ops/withdrawals?limit=1&after=${encodeURIComponent(`${lastRow.due_at}~${lastRow.id}`)}&q=${encodeURIComponent(user.email)}`,
      { token },
    )
    expect(pastEnd.body).toMatchObject({ rows: [], total: 2, total_capped: false, next: null })

    const before = await points(user.id)
    const paid = await api.call('POST', `/api/v1/ops/withdrawals/${ids[0]}/pay`, {
      token,
      body: { upi_reference: '512345678901' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const failNoReason = await api.call('POST', `/api/v1/ops/withdrawals/${ids[1]}/fail`, {
      token,
      body: { reason: ' ' },
    })
    expect(failNoReason.status).toBe(400)
    const failed = await api.call('POST', `/api/v1/ops/withdrawals/${ids[1]}/fail`, {
      token,
      body: { reason: 'UPI ID does not exist' },
    })
    expect(failed.status).toBe(200)
    expect(await points(user.id)).toBe(before + (500 + 1) * 100)

    const payAudit = await auditRows('withdrawals', String(ids[0]))
    expect(payAudit.map((a) => a.action)).toEqual(['withdrawal.pay'])
    expect(JSON.parse(payAudit[0]?.after ?? '{}')).toMatchObject({
      status: 'paid',
      upi_reference: '512345678901',
    })
    const failAudit = await auditRows('withdrawals', String(ids[1]))
    expect(failAudit.map((a) => a.action)).toEqual(['withdrawal.fail'])
    expect(failAudit[0]?.reason).toBe('UPI ID does not exist')

    const ledger = await api.app.db
      .selectFrom('ledger_entries')
      .select(['kind', 'status', 'reference'])
      .where('withdrawal_id', '=', ids[0] as number)
      .execute()
    expect(ledger.every((l) => l.status === 'confirmed' && l.reference === '512345678901')).toBe(
      true,
    )
  })

  it('lists the audit trail newest first, filters it and exports it as CSV', async () => {
    const token = await login(viewer)
    const list = await api.call('GET', '/api/v1/ops/audit?entity=withdrawals&limit=5', { token })
    expect(list.status).toBe(200)
    const rows = list.body.rows as { id: number; entity: string }[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.entity === 'withdrawals')).toBe(true)
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a))
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/v1/ops/audit.csv',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,created_at,actor,action,entity,entity_id,reason,ip,before,after')
    expect(res.body).toContain('withdrawal.fail')
    expect(res.body).toContain('"UPI ID does not exist"'.replace(/"/g, ''))
  })

  it('leaves a long before/after out of the audit list, and keeps it whole in the CSV', async () => {
    const ids = Array.from({ length: 2_000 }, (_, i) => i + 1)
    await writeAudit(
      api.app.db,
      { operatorId: null, actor: 'test', ip: null },
      {
        action: 'payouts.export',
        entity: 'withdrawals',
        entityId: null,
        after: { count: 2_000, ids },
      },
      new Date(),
    )
    const token = await login(viewer)
    const list = await api.call('GET', '/api/v1/ops/audit?action=payouts.export&limit=1', { token })
    expect(list.status).toBe(200)
    const [row] = list.body.rows as { after: unknown }[]
    const length = JSON.stringify({ count: 2_000, ids }).length
    expect(row!.after).toEqual({
      omitted: `${length.toLocaleString('en-IN')} bytes: see the audit CSV`,
    })
    const csv = await api.app.inject({
      method: 'GET',
      url: '/api/v1/ops/audit.csv?action=payouts.export',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(',1999,2000]}')
  })

  it('keeps the audit trail append-only: the database refuses to change or delete a row', async () => {
    const row = await api.app.db
      .selectFrom('audit_log')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow()
    await expect(
      api.app.db
        .updateTable('audit_log')
        .set({ reason: 'rewritten' })
        .where('id', '=', row.id)
        .execute(),
    ).rejects.toThrow(/append-only/)
    await expect(
      api.app.db.deleteFrom('audit_log').where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/)
  })

  async function auditRows(entity: string, entityId: string) {
    return api.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute()
  }

  async function points(userId: number): Promise<number> {
    const u = await api.app.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return u.points
  }
})
