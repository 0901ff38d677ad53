// Every query the console's queues and searches, the user look-up, the wallet, the payout export
// and /metrics send to PostgreSQL has an index for its filter (docs/product.md#scale): on a small
// database grown as `npm run bench:scale` grows its large one, each statement a route sends is
// captured and EXPLAINed with `enable_seqscan = off`, with the planner's own choice between
// custom and generic plans and with a generic plan forced (what a prepared statement gets after
// five runs); no sequential scan of users, ledger_entries, orders or withdrawals may remain, nor an
// index scan of one without an index condition unless a LIMIT bounds it (with sequential scans
// off, the planner would otherwise read a whole index instead of the table).
// PostgreSQL only: SQLite holds no database this size.
import crypto from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { randomToken, sha256 } from '../../server/lib/crypto.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts'
import { createTestOperator } from '../helpers/operators.ts'
import { HEAVY_USER_ID, buildScaleData } from '../bench/scale-data.ts'
import { COUNT_CAP } from '../../server/ops/queue-search.ts'

const USERS = 2_000
const METRICS_TOKEN = 'scale-plans-metrics'
const BIG_TABLES = new Set(['users', 'ledger_entries', 'orders', 'withdrawals'])

/** A node of EXPLAIN (FORMAT JSON)'s plan tree (the fields read here). */
interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Plans?: PlanNode[]
}

/** The scans of a big table in `node`'s tree that read it whole, as readable lines. */
function wholeScans(node: PlanNode, underLimit = false): string[] {
  const bounded = underLimit || node['Node Type'] === 'Limit'
  const table = node['Relation Name']
  const found: string[] = []
  if (table && BIG_TABLES.has(table)) {
    const type = node['Node Type']
    if (type === 'Seq Scan') found.push(`Seq Scan on ${table}`)
    else if (/^Index (Only )?Scan$/.test(type) && !node['Index Cond'] && !bounded) {
      found.push(`${type} using ${node['Index Name']} on ${table} without a condition or LIMIT`)
    }
  }
  for (const child of node.Plans ?? []) found.push(...wholeScans(child, bounded))
  return found
}

/** The index scans in `node`'s tree, as `index name: index condition`. */
function indexScans(node: PlanNode): string[] {
  const own = node['Index Name'] ? [`${node['Index Name']}: ${node['Index Cond'] ?? ''}`] : []
  return [...own, ...(node.Plans ?? []).flatMap(indexScans)]
}

/** The table and index reads in `node`'s tree, as `node type using index name`. */
function tableReads(node: PlanNode): string[] {
  const own = node['Relation Name'] ? [`${node['Node Type']} using ${node['Index Name']}`] : []
  return [...own, ...(node.Plans ?? []).flatMap(tableReads)]
}

/** Statements pg clients of this process send while `capturing` (text and values). */
const captured: Array<{ text: string; values: unknown[] }> = []
let capturing = false
{
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = client.query
  client.query = function (this: unknown, ...args: unknown[]) {
    if (capturing) {
      const [first, second] = args
      if (typeof first === 'string') {
        captured.push({ text: first, values: Array.isArray(second) ? second : [] })
      } else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] }
        captured.push({ text: config.text, values: config.values ?? [] })
      }
    }
    return query.apply(this, args)
  }
}

describe('query plans at scale on postgres', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let explain: pg.Client
  const headers: Record<string, Record<string, string>> = {}

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // Built once to migrate and seed, then grown by SQL, then started again on the grown data.
    await (await buildApp({ databaseUrl: database.url, logLevel: 'silent' })).close()
    await buildScaleData(database.url, USERS, 20, () => {})
    app = await buildApp({
      databaseUrl: database.url,
      logLevel: 'silent',
      metricsToken: METRICS_TOKEN,
    })
    const now = new Date()
    const expires = new Date(now.getTime() + 86_400_000).toISOString()
    for (const [name, userId] of [
      ['typical', 777],
      ['heavy', HEAVY_USER_ID],
    ] as const) {
      const token = randomToken()
      await app.db
        .insertInto('access_tokens')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          expires_at: expires,
          revoked_at: null,
          created_at: now.toISOString(),
        })
        .execute()
      headers[name] = { authorization: `Bearer ${token}` }
    }
    const email = `plans-${crypto.randomBytes(4).toString('hex')}@example.com`
    const { operator } = await createTestOperator(app.db, email, 'operator', now)
    const opsToken = `ops_${randomToken()}`
    await app.db
      .insertInto('operator_sessions')
      .values({
        operator_id: operator.id,
        token_hash: sha256(opsToken),
        ip: null,
        created_at: now.toISOString(),
        expires_at: expires,
        revoked_at: null,
      })
      .execute()
    headers.ops = { authorization: `Bearer ${opsToken}` }
    headers.metrics = { authorization: `Bearer ${METRICS_TOKEN}` }
    explain = new pg.Client({ connectionString: database.url })
    await explain.connect()
    await explain.query('set enable_seqscan = off')
  }, 120_000)

  afterAll(async () => {
    await explain?.end()
    await app?.close()
    await database?.drop()
  })

  /** GETs `url` as `who`, expects `status`, returns the body and the statements it sent. */
  const call = async (who: string, url: string, status = 200) => {
    captured.length = 0
    capturing = true
    const res = await app.inject({ method: 'GET', url, headers: headers[who] })
    capturing = false
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status)
    const body = res.headers['content-type']?.includes('json') ? res.json() : res.body
    return { body, statements: [...captured] }
  }

  /** The plan trees of `statement` in plan cache `mode` (EXPLAIN, not run). */
  const plansOf = async (
    statement: { text: string; values: unknown[] },
    mode: 'auto' | 'force_generic_plan',
  ): Promise<PlanNode[]> => {
    await explain.query(`set plan_cache_mode = ${mode}`)
    const plan = await explain.query(`explain (format json) ${statement.text}`, statement.values)
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN']
    return root.map((r) => r.Plan)
  }

  /** The sequential scans of a big table in each statement's plans (both plan modes). */
  const seqScans = async (statements: Array<{ text: string; values: unknown[] }>) => {
    const found: string[] = []
    for (const statement of statements) {
      if (!/^\s*(select|with)\b/i.test(statement.text)) continue
      for (const mode of ['auto', 'force_generic_plan'] as const) {
        const scans = (await plansOf(statement, mode)).flatMap((plan) => wholeScans(plan))
        if (scans.length > 0) found.push(`${mode}: ${statement.text}\n  ${scans.join('\n  ')}`)
      }
    }
    return found
  }

  const expectIndexed = async (who: string, url: string, status = 200) => {
    const { body, statements } = await call(who, url, status)
    expect(statements.length, `${url} sent no statement`).toBeGreaterThan(0)
    expect(await seqScans(statements), url).toEqual([])
    return body as Record<string, unknown>
  }

  it('pages the queues by keyset with capped counts, all through indexes', async () => {
    for (const status of ['pending', 'confirmed', 'all']) {
      const first = await expectIndexed('ops', `/api/v1/ops/orders?status=${status}&limit=20`)
      expect(typeof first.next).toBe('string')
      await expectIndexed(
        'ops',
        `/api/v1/ops/orders?status=${status}&limit=20&after=${encodeURIComponent(String(first.next))}`,
      )
    }
    await expectIndexed('ops', '/api/v1/ops/orders?with_utr=true&purpose=membership')
    for (const query of ['status=requested', 'overdue=true', 'status=all', 'status=paid']) {
      const first = await expectIndexed('ops', `/api/v1/ops/withdrawals?${query}&limit=5`)
      expect(typeof first.next).toBe('string')
      await expectIndexed(
        'ops',
        `/api/v1/ops/withdrawals?${query}&limit=5&after=${encodeURIComponent(String(first.next))}`,
      )
    }
    // The count stops at COUNT_CAP: exact below it, "COUNT_CAP+" above.
    const confirmed = await call('ops', '/api/v1/ops/orders?status=confirmed&limit=1')
    const { n } = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBeGreaterThan(COUNT_CAP)
    expect(confirmed.body).toMatchObject({ total: COUNT_CAP, total_capped: true })
    const rejected = await call('ops', '/api/v1/ops/orders?status=rejected&limit=1')
    const { r } = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('r'))
      .where('status', '=', 'rejected')
      .executeTakeFirstOrThrow()
    expect(Number(r)).toBeLessThan(COUNT_CAP)
    expect(rejected.body).toMatchObject({ total: Number(r), total_capped: false })
  })

  it('searches by email, phone and referral prefix, order id, UTR and UPI ID through indexes', async () => {
    const searches = [
      'user777@example.com',
      'user77',
      '6000000777',
      '600000077',
      'R0000309',
      'ORD000000010',
      '100000000004',
    ]
    for (const q of searches) {
      await expectIndexed('ops', `/api/v1/ops/orders?status=all&q=${encodeURIComponent(q)}`)
    }
    for (const q of ['user770@example.com', 'user77', '6000000770', 'user770@okaxis']) {
      const body = await expectIndexed(
        'ops',
        `/api/v1/ops/withdrawals?status=all&q=${encodeURIComponent(q)}`,
      )
      expect((body.rows as unknown[]).length, q).toBeGreaterThan(0)
    }
    await expectIndexed('ops', '/api/v1/ops/users?q=user777%40example.com')
    await expectIndexed('ops', `/api/v1/ops/users?q=user${HEAVY_USER_ID}%40example.com`)
  })

  it("sums a user's whole ledger for the look-up from the index alone", async () => {
    const { statements } = await call(
      'ops',
      `/api/v1/ops/users?q=user${HEAVY_USER_ID}%40example.com`,
    )
    const sums = statements.filter((s) => /\bsum\(/i.test(s.text) && /ledger_entries/.test(s.text))
    expect(sums).toHaveLength(1)
    // The heavy user's 10,000 rows summed without reading one of them from the table.
    expect((await plansOf(sums[0]!, 'auto')).flatMap(tableReads)).toEqual([
      'Index Only Scan using ledger_entries_user_coins',
    ])
  })

  it('pages the wallet through the whole history by cursor, through indexes', async () => {
    await expectIndexed('typical', '/api/v1/wallet/')
    let body = (await expectIndexed('heavy', '/api/v1/wallet/?limit=200')).data as {
      entries: Array<{ id: number }>
      next: string | null
    }
    let seen = body.entries.length
    let pages = 1
    while (body.next) {
      const url = `/api/v1/wallet/?limit=200&before=${body.next}`
      body = (
        pages % 10 === 0
          ? await expectIndexed('heavy', url)
          : ((await call('heavy', url)).body as Record<string, unknown>)
      ).data as typeof body
      seen += body.entries.length
      pages += 1
    }
    // The heavy user's 10,000 rows, one page of 200 at a time, plus its withdrawal rows if any.
    expect(seen).toBeGreaterThanOrEqual(10_000)
  })

  it("pages the wallet's withdrawals and orders by cursor, each page read by the user's index", async () => {
    // A dozen more of each for the heavy user, paged by 5: a few pages of a user's small share of
    // the table, as at scale (a user owning most of a small table is read by its primary key).
    const made = new Date().toISOString()
    await explain.query(
      `insert into withdrawals (user_id, upi_id, amount, fee, coins, status, upi_reference, reason,
         idempotency_key, created_at, updated_at, withdrawl_days, due_at)
       select $1, 'heavy@okaxis', 99, 1, 10000, 'paid', 'UPIH' || i, null, 'client:hw' || i, $2,
         $2, 3, $2
       from generate_series(1, 12) i`,
      [HEAVY_USER_ID, made],
    )
    await explain.query(
      `insert into orders (order_id, user_id, amount, purpose, membership_plan_id, status,
         upi_reference, reason, idempotency_key, created_at, updated_at, expires_at, utr,
         utr_submitted_at)
       select 'ORDH' || i, $1, 99, 'platform_fee', null, 'confirmed', null, null, 'client:ho' || i,
         $2, $2, $2, null, null
       from generate_series(1, 12) i`,
      [HEAVY_USER_ID, made],
    )
    await explain.query('analyze withdrawals')
    await explain.query('analyze orders')
    for (const [list, table] of [
      ['withdrawals', 'withdrawals'],
      ['orders', 'orders'],
    ] as const) {
      let url = '/api/v1/wallet/?limit=5'
      let rows = 0
      let pages = 0
      for (;;) {
        const { body, statements } = await call('heavy', url)
        expect(await seqScans(statements), url).toEqual([])
        const data = (body as { data: Record<string, unknown> }).data
        rows += (data[list] as unknown[]).length
        pages += 1
        // The page reads the user's rows alone, by an index on user_id, in either plan mode (which
        // one is the planner's choice at this size; at scale, the (user_id, id) range).
        const read = statements.find((s) => s.text.includes(`from "${table}"`))
        expect(read, url).toBeDefined()
        for (const mode of ['auto', 'force_generic_plan'] as const) {
          const scans = (await plansOf(read!, mode)).flatMap(indexScans)
          expect(
            scans.some((scan) => /^\S+: .*\buser_id = /.test(scan)),
            `${mode} ${url}: ${scans.join('; ')}`,
          ).toBe(true)
        }
        const next = data[`${list}_next`]
        if (typeof next !== 'string') break
        url = `/api/v1/wallet/?limit=5&${list}_before=${next}`
      }
      expect(rows, list).toBeGreaterThanOrEqual(12)
      expect(pages, list).toBeGreaterThanOrEqual(3)
    }
  })

  it('scrapes /metrics and exports payouts without a scan', async () => {
    await expectIndexed('metrics', '/metrics')
    await expectIndexed('ops', '/api/v1/ops/payouts.csv')
  })
})
