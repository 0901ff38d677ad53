/**
 * The data of `npm run bench:scale`: a PostgreSQL database grown by set-based SQL
 * (generate_series, no row-by-row round trips) after the product's own migrations and seed.
 *
 * For `users` users (ids 1…users, all verified): ledger rows ≈ `ledgerPerUser` × users, spread
 * like a real app's (a Pareto tail: the median user has about 6 rows, one in a thousand over
 * 300, capped at 20,000; user `HEAVY_USER_ID` has exactly 10,000), each user's first row the
 * signup bonus and the rest video rewards (with their `video_rewards` row and the stored
 * Idempotency-Key answer), orders for one user in five (10 % pending, half of those with a UTR;
 * most confirmed), withdrawals for one in ten (5 % requested, 70 % of those overdue; 2 % failed
 * with their coins returned; the rest paid), 30 % of users referred by an earlier user, 20 % on
 * a paid plan. Every balance equals its ledger sum; `ledger_totals` is rebuilt; the tables are
 * VACUUMed and ANALYZEd. Deterministic: the same size gives the same rows.
 */
import pg from 'pg'

/** The user with exactly 10,000 ledger rows (the wallet's deep pages). */
export const HEAVY_USER_ID = 2

/** Pareto shape of the rows per user: smaller is a longer tail. */
const SHAPE = 1.2
/** Rows of any one user at most. */
const ROW_CAP = 20_000

/** What one build made, for the report. */
export interface ScaleCounts {
  users: number
  ledger: number
  videoRewards: number
  idempotencyKeys: number
  orders: number
  pendingOrders: number
  withdrawals: number
  requestedWithdrawals: number
  overdueWithdrawals: number
}

/** The Pareto scale x_m whose capped mean is `mean` rows per user (bisection on a fixed sample). */
function paretoScale(mean: number): number {
  const sample = Array.from({ length: 20_000 }, (_, i) => (i + 0.5) / 20_000)
  const meanOf = (xm: number) =>
    sample.reduce(
      (sum, u) => sum + Math.min(ROW_CAP, Math.max(1, Math.floor(xm * u ** (-1 / SHAPE)))),
      0,
    ) / sample.length
  let low = 0.1
  let high = mean
  for (let i = 0; i < 40; i += 1) {
    const mid = (low + high) / 2
    if (meanOf(mid) < mean) low = mid
    else high = mid
  }
  return (low + high) / 2
}

/** ISO text (the product's timestamp columns) of a `timestamp` SQL expression in UTC. */
const iso = (ts: string) => `to_char(${ts}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * Fills the migrated, seeded, otherwise empty database at `url` with `users` users and about
 * `ledgerPerUser` ledger rows each (see the header), printing each step's time via `log`; the first
 * `openWithdrawalsAtLeast` withdrawals are requested too (so a small database's queues fill a page).
 */
export async function buildScaleData(
  url: string,
  users: number,
  ledgerPerUser: number,
  log: (line: string) => void,
  openWithdrawalsAtLeast = 0,
): Promise<ScaleCounts> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const step = async (label: string, text: string) => {
    const started = Date.now()
    const result = await client.query(text)
    log(
      `    ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  }
  try {
    // Triggers (the ledger totals, rebuilt at the end) and foreign-key checks off for the load.
    await client.query(`set session_replication_role = replica`)
    await client.query(`set synchronous_commit = off`)
    await client.query(`set maintenance_work_mem = '256MB'`)
    await client.query(`set work_mem = '64MB'`)
    // The rows per user (including the signup bonus) and the constants every step reads.
    const xm = paretoScale(Math.max(1, ledgerPerUser - 0.25))
    await client.query(`create unlogged table bench_rows as
      select i as user_id,
        case when i = ${HEAVY_USER_ID} then 10000
          else least(${ROW_CAP}, greatest(1, floor(${xm} * power(
            ((hashint4(i) & 2147483647)::float8 + 1) / 2147483649.0, ${-1 / SHAPE}))))::int
        end as n
      from generate_series(1, ${users}) i`)
    await client.query(`create unlogged table bench_const as select
      (now() at time zone 'utc')::timestamp as now_utc,
      (now() at time zone 'utc')::date as today,
      array(select id from videos order by id) as vids,
      (select count(*) from videos)::int as nv,
      array(select id from membership_plans where deposit_point <> 'FREE' order by id) as plans`)

    await step(
      'users',
      `insert into users (id, first_name, email, phone_number, pin_hash, email_verified,
         referral_id, referred_by, points, views, membership_plan_id, platform_fee_paid,
         is_faulty, created_at)
       select i, 'User ' || i, 'user' || i || '@example.com', (6000000000 + i)::text,
         'scrypt$131072$8$1$bench$not-a-real-hash', 1,
         'R' || lpad(upper(to_hex(i)), 7, '0'),
         case when i > 1 and i % 10 < 3 then 1 + (hashint4(i + 7) & 2147483647) % (i - 1) end,
         0, 0,
         case when i % 5 = 0 then c.plans[1 + i % array_length(c.plans, 1)] end,
         case when i % 10 = 0 then 1 else 0 end, 0,
         ${iso(`c.now_utc - interval '1 day' * (200 + i % 180)`)}
       from generate_series(1, ${users}) i, bench_const c`,
    )
    await client.query(`select setval('users_id_seq', ${users})`)

    // Row g of a user: g = 1 the signup bonus; g ≥ 2 a video reward, the newest (g = n) today,
    // one reward per video and India day going back.
    await step(
      'ledger (bonus and rewards)',
      `insert into ledger_entries (user_id, kind, coins, rupees, status, description, reference,
         idempotency_key, video_id, order_id, withdrawal_id, related_user_id, reward_day,
         created_at, updated_at)
       select r.user_id,
         case when g = 1 then 'signup_bonus' else 'video_reward' end,
         case when g = 1 then 10000 else 25 end, null, 'confirmed',
         case when g = 1 then 'Signup bonus' else 'Video reward' end, null,
         case when g = 1 then 'signup_bonus' else 'client:s' || r.user_id || '-' || g end,
         case when g = 1 then null else c.vids[1 + (r.n - g) % c.nv] end,
         null, null, null,
         case when g = 1 then null else to_char(c.today - (r.n - g) / c.nv, 'YYYY-MM-DD') end,
         ${iso('t.at')}, ${iso('t.at')}
       from bench_rows r cross join bench_const c
       cross join lateral generate_series(1, r.n) g
       cross join lateral (select case when g = 1
           then c.now_utc - interval '1 day' * (1 + (r.n - 2) / c.nv)
           else (c.today - (r.n - g) / c.nv)::timestamp + interval '6 hours'
             + interval '5 minutes' * ((r.n - g) % c.nv) end as at) t
       order by r.user_id, g`,
    )
    await step(
      'video_rewards',
      `insert into video_rewards (user_id, video_id, india_day, watched_at, ledger_entry_id)
       select user_id, video_id, reward_day, created_at, id from ledger_entries
       where kind = 'video_reward'`,
    )
    await step(
      'idempotency_keys',
      `insert into idempotency_keys (user_id, key, route, request_hash, state, response_status,
         response_body, created_at, updated_at)
       select user_id, idempotency_key, 'add-reward', md5(idempotency_key), 'done', 200,
         '{"data":{"message":"Reward added."}}', created_at, created_at
       from ledger_entries where kind = 'video_reward'`,
    )

    const orders = Math.floor(users / 5)
    await step(
      'orders',
      `insert into orders (order_id, user_id, amount, purpose, membership_plan_id, status,
         upi_reference, reason, idempotency_key, created_at, updated_at, expires_at, utr,
         utr_submitted_at)
       select 'ORD' || lpad(i::text, 9, '0'), o.user_id, o.amount, o.purpose, o.plan, o.status,
         case when o.status = 'confirmed' then o.utr end,
         case when o.status in ('rejected', 'cancelled') then 'No payment arrived' end,
         'client:o' || i, ${iso('o.at')}, ${iso('o.at')}, ${iso(`o.at + interval '1 day'`)},
         o.utr, case when o.utr is not null then ${iso(`o.at + interval '10 minutes'`)} end
       from generate_series(1, ${orders}) i cross join bench_const c
       cross join lateral (select
         1 + (hashint4(i * 7) & 2147483647) % ${users} as user_id,
         case when i % 3 = 0 then 99 else 499 end as amount,
         case when i % 3 = 0 then 'platform_fee' else 'membership' end as purpose,
         case when i % 3 = 0 then null else c.plans[1 + i % array_length(c.plans, 1)] end as plan,
         case when i % 10 = 0 then 'pending' when i % 20 = 1 then 'rejected'
           when i % 20 = 3 then 'cancelled' else 'confirmed' end as status,
         case when i % 10 = 0 and i % 20 <> 0 then null
           when i % 20 in (1, 3) then null
           else (100000000000 + i)::text end as utr,
         case when i % 10 = 0 then c.now_utc - interval '1 minute' * (h % 1380)
           else c.now_utc - interval '1 minute' * (1440 + h % 259200) end as at
         from (select hashint4(i * 11) & 2147483647 as h) x) o`,
    )

    const withdrawals = Math.floor(users / 10)
    await step(
      'withdrawals',
      `insert into withdrawals (user_id, upi_id, amount, fee, coins, status, upi_reference,
         reason, idempotency_key, created_at, updated_at, withdrawl_days, due_at)
       select w.user_id, 'user' || w.user_id || '@okaxis', 99, 1, 10000, w.status,
         case when w.status = 'paid' then 'UPI' || lpad(i::text, 9, '0') end,
         case when w.status = 'failed' then 'Beneficiary bank offline' end,
         'client:w' || i, ${iso('w.at')}, ${iso('w.at')}, 3, ${iso(`w.at + interval '3 days'`)}
       from generate_series(1, ${withdrawals}) i cross join bench_const c
       cross join lateral (select i % 20 = 0 or i <= ${openWithdrawalsAtLeast} as open) q
       cross join lateral (select i * 10 as user_id,
         case when q.open then 'requested' when i % 50 = 1 then 'failed'
           else 'paid' end as status,
         case when q.open then c.now_utc - interval '1 minute' * (h % 14400)
           else c.now_utc - interval '1 minute' * (14400 + h % 259200) end as at
         from (select hashint4(i * 13) & 2147483647 as h) x) w`,
    )
    // The hold and the fee (pending while requested, failed with the coins returned), per
    // withdrawal; a user's balance never goes below the signup bonus minus 10,000.
    await step(
      'ledger (withdrawals)',
      `insert into ledger_entries (user_id, kind, coins, rupees, status, description, reference,
         idempotency_key, video_id, order_id, withdrawal_id, related_user_id, reward_day,
         created_at, updated_at)
       select w.user_id, k.kind, k.coins, k.rupees,
         case w.status when 'requested' then 'pending' when 'paid' then 'confirmed'
           else 'failed' end,
         k.description, case when k.kind = 'withdrawal_hold' then w.upi_reference end,
         case when k.kind = 'withdrawal_hold' then w.idempotency_key
           when k.kind = 'transfer_fee' then w.idempotency_key || '#fee' end,
         null::int, null::int, w.id, null::int, null::text, w.created_at, w.updated_at
       from withdrawals w cross join lateral (values
         ('withdrawal_hold', -9900, 99, 'Withdrawal to ' || w.upi_id),
         ('transfer_fee', -100, 1, 'Transfer fee')) k(kind, coins, rupees, description)
       union all
       select w.user_id, 'withdrawal_return', 10000, 100, 'confirmed', 'Withdrawal failed: returned',
         null, 'withdrawal_return:' || w.id, null::int, null::int, w.id, null::int, null::text,
         w.updated_at,
         w.updated_at
       from withdrawals w where w.status = 'failed'`,
    )

    await step(
      'balances',
      `update users u set points = s.total, views = s.views
       from (select user_id, sum(coins) as total,
               count(*) filter (where kind = 'video_reward') as views
             from ledger_entries group by user_id) s
       where u.id = s.user_id`,
    )
    await client.query(`delete from ledger_total_changes`)
    await step(
      'ledger_totals',
      `insert into ledger_totals (kind, status, coins)
       select kind, status, sum(coins) from ledger_entries group by kind, status
       on conflict (kind, status) do update set coins = excluded.coins`,
    )
    await client.query(`drop table bench_rows, bench_const`)
    await client.query(`set session_replication_role = origin`)
    const started = Date.now()
    await client.query(`vacuum analyze`)
    log(`    vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const count = async (text: string) => Number((await client.query(text)).rows[0].n)
    return {
      users: await count(`select count(*) as n from users`),
      ledger: await count(`select count(*) as n from ledger_entries`),
      videoRewards: await count(`select count(*) as n from video_rewards`),
      idempotencyKeys: await count(`select count(*) as n from idempotency_keys`),
      orders: await count(`select count(*) as n from orders`),
      pendingOrders: await count(`select count(*) as n from orders where status = 'pending'`),
      withdrawals: await count(`select count(*) as n from withdrawals`),
      requestedWithdrawals: await count(
        `select count(*) as n from withdrawals where status = 'requested'`,
      ),
      overdueWithdrawals: await count(
        `select count(*) as n from withdrawals where status = 'requested'
           and due_at <= ${iso(`(now() at time zone 'utc')::timestamp`)}`,
      ),
    }
  } finally {
    await client.end()
  }
}
