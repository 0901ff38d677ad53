/**
 * `npx tsx tests/bench/scale-explain.ts DATABASE USERS`: the plans behind docs/benchmarks.md's
 * bench:scale section, on a database `npm run bench:scale -- USERS --build-only` built.
 *
 * Before: the queries the console, /metrics, the wallet and the start-up sent before keyset
 * pages, capped counts, bounded search, kept ledger sums and the in-flight index, as they were
 * written, under EXPLAIN (ANALYZE, BUFFERS), in a transaction that drops migration 012's indexes
 * (and puts back the two it replaced) and is rolled back. After: every statement the routes send
 * now, captured from the pg client while the app answers, under the same EXPLAIN.
 */
import pg from 'pg'
import { buildApp } from '../../server/app.ts'
import { HEAVY_USER_ID } from './scale-data.ts'
import { scaleSessions } from './scale-sessions.ts'

const [name, usersArg] = process.argv.slice(2)
if (!name || !usersArg) throw new Error('usage: scale-explain.ts DATABASE USERS')
const users = Number(usersArg)
const url = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
url.pathname = `/${name}`
const someone = 1 + Math.floor((7.5 * users) / 64)

const ORDER_COLUMNS = `orders.order_id, orders.user_id, users.email, users.phone_number,
  orders.purpose, orders.amount, orders.membership_plan_id, orders.utr, orders.upi_reference,
  orders.status, orders.created_at, orders.expires_at`
const WITHDRAWAL_COLUMNS = `withdrawals.id, withdrawals.user_id, users.email, withdrawals.upi_id,
  withdrawals.amount, withdrawals.fee, withdrawals.status, withdrawals.upi_reference,
  withdrawals.reason, withdrawals.created_at, withdrawals.due_at, withdrawals.withdrawl_days`
const WITHDRAWAL_ORDER = `order by case when withdrawals.due_at is null then 1 else 0 end,
  withdrawals.due_at, withdrawals.id`
const search = `user${someone}@example.com`

/** The queries as they were, with their parameters. */
const BEFORE: Array<[string, string, unknown[]]> = [
  [
    '/metrics: ledger sums',
    'select kind, status, sum(coins) as coins from ledger_entries group by kind, status',
    [],
  ],
  ['/metrics: idempotency keys', 'select count(*) as n from idempotency_keys', []],
  [
    'orders queue: count',
    `select count(*) as n from orders inner join users on users.id = orders.user_id
     where orders.status = $1`,
    ['pending'],
  ],
  [
    'orders queue: page 1',
    `select ${ORDER_COLUMNS} from orders inner join users on users.id = orders.user_id
     where orders.status = $1 order by orders.id limit $2 offset $3`,
    ['pending', 50, 0],
  ],
  [
    'orders search by email: count',
    `select count(*) as n from orders inner join users on users.id = orders.user_id
     where orders.status = $1 and (users.email = $2 or users.phone_number = $3
       or orders.order_id = $4 or orders.utr = $5)`,
    ['pending', search, search, search.toUpperCase(), search],
  ],
  [
    'orders search by email: page',
    `select ${ORDER_COLUMNS} from orders inner join users on users.id = orders.user_id
     where orders.status = $1 and (users.email = $2 or users.phone_number = $3
       or orders.order_id = $4 or orders.utr = $5)
     order by orders.id limit $6 offset $7`,
    ['pending', search, search, search.toUpperCase(), search, 50, 0],
  ],
  [
    'withdrawals queue: count',
    `select count(*) as n from withdrawals inner join users on users.id = withdrawals.user_id
     where withdrawals.status = $1`,
    ['requested'],
  ],
  [
    'withdrawals queue: page 1',
    `select ${WITHDRAWAL_COLUMNS} from withdrawals
     inner join users on users.id = withdrawals.user_id
     where withdrawals.status = $1 ${WITHDRAWAL_ORDER} limit $2 offset $3`,
    ['requested', 50, 0],
  ],
  [
    'withdrawals (all) at offset 50,000',
    `select ${WITHDRAWAL_COLUMNS} from withdrawals
     inner join users on users.id = withdrawals.user_id ${WITHDRAWAL_ORDER} limit $1 offset $2`,
    [50, 50_000],
  ],
  [
    'start-up: keys in flight',
    `select user_id, key from idempotency_keys where state = 'in_flight' for update skip locked`,
    [],
  ],
  [
    'wallet: withdrawals of a user',
    `select id, upi_id, amount, fee, status, upi_reference, created_at, due_at, withdrawl_days,
       reason from withdrawals where user_id = $1 order by id desc limit $2`,
    [someone, 500],
  ],
  [
    'wallet: 500 newest ledger rows of the 10,000-row user',
    `select id, kind, coins, rupees, status, description, reference, created_at
     from ledger_entries where user_id = $1 order by id desc limit $2`,
    [HEAVY_USER_ID, 500],
  ],
]

/** Migration 012's indexes, dropped for the before plans (and the one it replaced, restored). */
const NEW_INDEXES = [
  'orders_queue',
  'users_email_prefix',
  'users_phone_number_prefix',
  'users_referral_id_prefix',
  'withdrawals_queue',
  'withdrawals_due_all',
  'withdrawals_user',
  'withdrawals_upi_id',
  'idempotency_keys_in_flight',
]

const client = new pg.Client({ connectionString: url.toString() })
await client.connect()
const explain = async (text: string, values: unknown[]) => {
  const plan = await client.query(`explain (analyze, buffers) ${text}`, values)
  return plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
}

console.log(`# before (${name})\n`)
await client.query('begin')
for (const index of NEW_INDEXES) await client.query(`drop index if exists ${index}`)
await client.query('create index withdrawals_due on withdrawals (status, due_at)')
await client.query('create index orders_status on orders (status, id)')
await client.query('analyze withdrawals')
for (const [label, text, values] of BEFORE) {
  console.log(`## ${label}\n\n${text.replace(/\s+/g, ' ')}\n\n${await explain(text, values)}\n`)
}
await client.query('rollback')

// After: what the routes send now.
const captured: Array<{ text: string; values: unknown[] }> = []
let capturing = false
{
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = proto.query
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args
    if (capturing && this !== client) {
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
const app = await buildApp({
  databaseUrl: url.toString(),
  logLevel: 'silent',
  metricsToken: 'explain',
})
const { ops, heavy, userHeaders } = await scaleSessions(app, users)
const AFTER: Array<[string, Record<string, string>]> = [
  ['/metrics', { authorization: 'Bearer explain' }],
  ['/api/v1/ops/orders', ops],
  [`/api/v1/ops/orders?q=${encodeURIComponent(search)}`, ops],
  [`/api/v1/ops/orders?status=all&q=user${String(someone).slice(0, 3)}`, ops],
  ['/api/v1/ops/withdrawals', ops],
  ['/api/v1/ops/withdrawals?status=all&after=2026-06-01T00:00:00.000Z~1', ops],
  ['/api/v1/wallet/', userHeaders[7] ?? heavy],
  ['/api/v1/wallet/?before=5000', heavy],
]
console.log(`# after (${name})\n`)
for (const [path, headers] of AFTER) {
  captured.length = 0
  capturing = true
  const res = await app.inject({ method: 'GET', url: path, headers })
  capturing = false
  console.log(`## GET ${path} → ${res.statusCode}\n`)
  for (const { text, values } of captured) {
    if (!/^\s*(select|with)\b/i.test(text) || /access_tokens|operator_sessions/.test(text)) continue
    console.log(`${text}\n-- ${JSON.stringify(values)}\n\n${await explain(text, values)}\n`)
  }
}
const started = Date.now()
const { rows } = await client.query(
  `select user_id, key from idempotency_keys where state = 'in_flight' for update skip locked`,
)
console.log(`## start-up: keys in flight\n\n${rows.length} rows in ${Date.now() - started} ms`)
console.log(
  await explain(
    `select user_id, key from idempotency_keys where state = 'in_flight' for update skip locked`,
    [],
  ),
)
await app.close()
await client.end()
