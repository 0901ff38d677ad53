// What keeps the product's cost independent of its size (docs/product.md#scale), on both engines: the
// ledger's sums kept by its writes (what /metrics reads), the retention job, the wallet's cursor
// pages through a whole history, and the console's keyset cursors.
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { withApi } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { createTestUser } from '../helpers/users.ts'
import { grantCoins } from '../helpers/ledger.ts'
import { foldLedgerTotals, ledgerTotals } from '../../server/db/ledger-totals.ts'
import { enforceRetention } from '../../server/db/retention.ts'

const DAY_MS = 86_400_000

describe.each(ENGINES)('upkeep at scale on %s', (engine) => {
  const api = withApi(engine)

  /** The ledger's sums by kind and status, summed from the ledger itself. */
  const summed = async () => {
    const rows = await api.app.db
      .selectFrom('ledger_entries')
      .select((eb) => ['kind', 'status', eb.fn.sum<number>('coins').as('coins')])
      .groupBy(['kind', 'status'])
      .execute()
    return Object.fromEntries(rows.map((r) => [`${r.kind}/${r.status}`, Number(r.coins)]))
  }
  const kept = async () => {
    const rows = await ledgerTotals(api.app.db)
    return Object.fromEntries(
      rows.filter((r) => r.coins !== 0).map((r) => [`${r.kind}/${r.status}`, r.coins]),
    )
  }

  it('keeps the ledger sums in step with inserts and status changes, folded or not', async () => {
    const user = await createTestUser(api.app)
    await grantCoins(api.app, user.id, 700)
    await grantCoins(api.app, user.id, 300)
    expect(await kept()).toEqual(await summed())
    await api.app.db
      .updateTable('ledger_entries')
      .set({ status: 'pending' })
      .where('user_id', '=', user.id)
      .where('coins', '=', 300)
      .execute()
    expect(await kept()).toEqual(await summed())
    await foldLedgerTotals(api.app.db, api.app.engine)
    expect(await kept()).toEqual(await summed())
    const left = await api.app.db
      .selectFrom('ledger_total_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(left.n)).toBe(0)
  })

  it('deletes what is past its retention in batches and keeps the rest', async () => {
    const user = await createTestUser(api.app)
    const now = new Date()
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
    const key = (name: string, state: 'done' | 'in_flight', created: string) => ({
      user_id: user.id,
      key: `client:${name}`,
      route: 'add-reward',
      request_hash: 'h',
      state,
      response_status: state === 'done' ? 200 : null,
      response_body: state === 'done' ? '{}' : null,
      created_at: created,
      updated_at: created,
    })
    await api.app.db
      .insertInto('idempotency_keys')
      .values([
        key('old-1', 'done', ago(91)),
        key('old-2', 'done', ago(120)),
        key('old-3', 'done', ago(400)),
        key('old-flight', 'in_flight', ago(100)),
        key('recent', 'done', ago(89)),
      ])
      .execute()
    await api.app.db
      .insertInto('otp_guesses')
      .values([
        { address: user.email, purpose: 'reset', created_at: ago(3) },
        { address: user.email, purpose: 'reset', created_at: ago(0.5) },
      ])
      .execute()
    const token = (hash: string, expires: string) => ({
      user_id: user.id,
      token_hash: hash,
      expires_at: expires,
      revoked_at: null,
      created_at: ago(60),
    })
    await api.app.db
      .insertInto('access_tokens')
      .values([token('gone-1', ago(31)), token('gone-2', ago(45)), token('recent', ago(29))])
      .execute()
    const report = await enforceRetention(api.app.db, now, { batch: 2 })
    expect(report.idempotency_keys).toBe(3)
    expect(report.otp_guesses).toBe(1)
    expect(report.access_tokens).toBe(2)
    const tokens = await api.app.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .where('token_hash', 'in', ['gone-1', 'gone-2', 'recent'])
      .execute()
    expect(tokens.map((t) => t.token_hash)).toEqual(['recent'])
    const keys = await api.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.id)
      .orderBy('key')
      .execute()
    expect(keys.map((k) => k.key)).toEqual(['client:old-flight', 'client:recent'])
    const guesses = await sql<{ n: number }>`
      select count(*) as n from otp_guesses where address = ${user.email}`.execute(api.app.db)
    expect(Number(guesses.rows[0]?.n)).toBe(1)
  })

  it('pages the wallet by cursor through the whole history, newest first', async () => {
    const user = await createTestUser(api.app)
    for (let i = 1; i <= 7; i += 1) await grantCoins(api.app, user.id, i)
    const first = await api.call('GET', '/api/v1/wallet/?limit=3', { token: user.token })
    expect(first.status).toBe(200)
    const ids: number[] = []
    let data = first.body.data as {
      entries: Array<{ id: number; coins: number }>
      withdrawals: unknown[]
      orders: unknown[]
      next: string | null
    }
    const pages = [data.entries.length]
    ids.push(...data.entries.map((e) => e.id))
    while (data.next) {
      const res = await api.call('GET', `/api/v1/wallet/?limit=3&before=${data.next}`, {
        token: user.token,
      })
      expect(res.status).toBe(200)
      data = res.body.data as typeof data
      expect(data.withdrawals).toEqual([])
      pages.push(data.entries.length)
      ids.push(...data.entries.map((e) => e.id))
    }
    expect(pages).toEqual([3, 3, 1])
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(7)
    const bad = await api.call('GET', '/api/v1/wallet/?before=abc', { token: user.token })
    expect(bad.status).toBe(400)
  })
})
