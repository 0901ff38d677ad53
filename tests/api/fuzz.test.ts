// A property-based fuzz test over every route of the API, on both engines: random and adversarial
// bodies (any JSON, known field names with hostile values, form bodies, raw bytes), path
// parameters, query strings, tokens and Idempotency-Keys. Whatever arrives, the API answers below
// 500, never with a stack trace or a file path, and afterwards every user's ledger still sums to
// the balance. Then the money routes alone: an amount, id or count that is no JSON integer in
// range (numeric text, booleans, arrays, objects, fractions, negatives, huge numbers) is 400
// VALIDATION naming the field, and the ledger, withdrawals and orders stay as they were.
// fast-check runs with a fixed seed and a bounded number of cases, so a failure reproduces and
// the file takes seconds.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { withApi, withIfscStandIn } from '../helpers/api-app.ts'
import { ENGINES } from '../helpers/databases.ts'
import { assertLedgerBalanced, grantCoins, ledgerBalances, testClock } from '../helpers/ledger.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { loginNewOperator } from '../helpers/operators.ts'
import { issueAccessToken } from '../../server/accounts/tokens.ts'

/** Fixed, so a failing case reproduces; change it only to explore new inputs. */
const SEED = 1414
/** Cases per engine: bounded so the file stays well under a minute on a 2-core machine. */
const RUNS = 1000
/** Cases per engine of the money routes' strict types. */
const MONEY_RUNS = 300

interface Route {
  method: string
  /** With `:param` segments. */
  path: string
}

/**
 * Every route the app serves, read from its own route tree (`printRoutes`), so a route added
 * later is fuzzed without editing this file. HEAD mirrors GET and is left out.
 */
function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/)
    if (!match) continue
    const depth = match[1]!.length / 4
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path })
    }
  }
  return routes
}

/** Strings that broke or could break something: NUL, lone surrogates, SQL, huge numbers, keys. */
const HOSTILE = [
  '\u0000',
  'a\u0000b@x.com',
  '\ud800',
  'x\udc00',
  '\u001b[31m',
  '\u202e',
  '\uffff',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'A'.repeat(2000),
  '🙂🙂',
  'signup_bonus',
  'referral:1',
  'client:x',
  'order:1',
  '__proto__',
  'constructor',
  '2026-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  'test@example.com',
  '9876543210',
  '1234',
  'HDFC0000001',
  'asha@okaxis',
  '123456789012',
]

/** Field names the routes read, so hostile values reach the code behind the schemas. */
const FIELDS = [
  'email',
  'email_id',
  'password',
  'new_password',
  'login_type',
  'otp',
  'request_id',
  'reset_token',
  'first_name',
  'phone_number',
  'referral_id',
  'dashboard_id',
  'watched_at',
  'amount',
  'membership_plan_id',
  'upi_id',
  'utr',
  'upi_reference',
  'reason',
  'cancel',
  'account_number',
  'account_holder',
  'ifsc',
  'bank_name',
  'totp',
  'type',
  'data',
]

/** Values that pass the first checks, so cases reach the ledger (credits, holds, orders). */
const PLAUSIBLE: Record<string, unknown[]> = {
  dashboard_id: [1, 2, 3, 4, 5, '1'],
  amount: [99, 100, 500, 999, 1000, 1, 0, -5, 1e9, '100'],
  membership_plan_id: [1, 2, 3, 4],
  upi_id: ['asha@okaxis', 'ravi.k@upi'],
  utr: ['123456789012', '000000000000'],
  email: ['test@example.com'],
  email_id: ['test@example.com'],
  password: ['1234'],
  otp: ['1234'],
  request_id: ['abc', 'x'.repeat(43)],
  new_password: ['4321'],
  reset_token: ['x'.repeat(43)],
  totp: ['123456'],
  first_name: ['Asha Rao'],
  phone_number: ['9876543210'],
  account_number: ['123456789012'],
  account_holder: ['Asha Rao'],
  ifsc: ['HDFC0000001', 'SBIN0000691'],
}

/** The fields each route reads, by the end of its path; a case fills them from PLAUSIBLE. */
const ROUTE_FIELDS: Array<[string, string[]]> = [
  ['/add-reward', ['dashboard_id']],
  ['/add-withdraw', ['upi_id', 'amount']],
  ['/create-order', ['amount', 'membership_plan_id']],
  ['/utr', ['utr']],
  ['/user/login', ['email', 'password']],
  ['/forgot-password', ['email_id']],
  ['/verify-otp', ['otp', 'email_id']],
  ['/verify-otp-after-signup', ['otp', 'request_id']],
  ['/send-signup-otp', ['email_id']],
  ['/new-password', ['email_id', 'new_password', 'reset_token']],
  ['/ops/login', ['email', 'password', 'totp']],
  ['/user/registration', ['first_name', 'phone_number', 'email', 'password']],
  ['/edit-profile', ['first_name']],
  ['/bank-details', ['account_number', 'account_holder', 'ifsc']],
]

/**
 * A body of plausible values for `path`'s fields: `picks` choose the values, `spoil` puts a
 * hostile value in one of them (by index), so it reaches the code behind the other checks.
 */
function plausibleBody(path: string, picks: number[], spoil: [number, unknown] | null) {
  const fields = ROUTE_FIELDS.find(([end]) => path.endsWith(end))?.[1] ?? []
  const body: Record<string, unknown> = {}
  fields.forEach((field, i) => {
    const choices = PLAUSIBLE[field]!
    body[field] = choices[(picks[i] ?? 0) % choices.length]
  })
  if (spoil && fields.length > 0) body[fields[spoil[0] % fields.length]!] = spoil[1]
  return body
}

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
)

const scalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(2 ** 53, 2 ** 31, -(2 ** 31), 1e308, -1, 0, 0.5, 99, 999, 100_000),
)

const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), hostileString), tie('value'), {
      maxKeys: 3,
    }),
  ),
}))

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'raw'; bytes: number[] }
  | { kind: 'plausible'; picks: number[]; spoil: [number, unknown] | null }

const body: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' } as const), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('json' as const),
      value: fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('json' as const), value: anyValue }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('plausible' as const),
      picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      spoil: fc.option(fc.tuple(fc.nat(), fc.oneof(hostileString, anyValue)), { freq: 2 }),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('form' as const),
      value: fc.dictionary(fc.constantFrom(...FIELDS), hostileString, { maxKeys: 4 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }),
    }),
    weight: 1,
  },
)

/** Header values must be visible ASCII for HTTP itself; anything else never reaches the app. */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''))

type TokenChoice = 'none' | 'valid' | 'bearer' | 'garbage'

/** Percent-encodes every UTF-8 byte (a lone surrogate goes as U+FFFD's bytes). */
const encodeAll = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

/** A path segment: any text, encoded, or raw escapes that are not UTF-8 or not escapes at all. */
const segment = fc.oneof(
  hostileString.map(encodeAll),
  fc.nat().map(String),
  fc.constantFrom('%ff', '%00', '%', '%E0%A4', '..', '%2e%2e', '%2F'),
)

const request = fc.record({
  route: fc.nat(),
  params: fc.array(segment, { minLength: 3, maxLength: 3 }),
  query: fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    {
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom('link', 'status', 'page', 'limit'), hostileString),
        hostileString,
        { maxKeys: 2 },
      ),
      weight: 1,
    },
  ),
  body,
  token: fc.constantFrom<TokenChoice>('none', 'valid', 'valid', 'valid', 'bearer', 'garbage'),
  garbage: headerText,
  key: fc.oneof(
    fc.constant(undefined),
    fc.uuid(),
    fc.constantFrom('signup_bonus', 'referral:1', 'referral_friend', 'order:1', 'x'.repeat(129)),
    headerText,
  ),
})

/** A stack frame, a source path or an internal error name: nothing an answer may show. */
const LEAK =
  /\n\s+at |node:internal|node_modules|\/server\/|\.ts:\d+|TypeError|ReferenceError|SqliteError|error: (?:invalid|null)/

describe.each(ENGINES)('fuzzing every route on %s', (engine) => {
  const ifsc = withIfscStandIn()
  // A minute passes between cases, so video timers run out and claims can be credited.
  const clock = testClock()
  const api = withApi(engine, {
    clock: clock.now,
    authRateLimit: { max: 100_000, timeWindowMs: 60_000 },
    webhookSecret: 'fuzz-webhook-secret',
    get ifscApiUrl() {
      return ifsc.url
    },
  })

  it(
    `answers ${RUNS} random and hostile requests below 500, without internals, and keeps the ledger balanced`,
    { timeout: 120_000 },
    async () => {
      const routes = listRoutes(api.app)
      expect(routes.length).toBeGreaterThan(30)
      const user: TestUser = await createTestUser(api.app, { views: 40, platformFeePaid: true })
      /** The user's current token: a fuzzed logout revokes it, so a new one is issued then. */
      let token = user.token
      await grantCoins(api.app, user.id, 500_000)
      const seen = new Set<string>()

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          clock.advance(60)
          const route = routes[r.route % routes.length]!
          let i = 0
          const url =
            route.path.replace(/:[A-Za-z]+/g, () => r.params[i++] ?? '') +
            (Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : '')
          const headers: Record<string, string> = {}
          if (r.token === 'valid') headers.authorization = token
          if (r.token === 'bearer') headers.authorization = `Bearer ${token}`
          if (r.token === 'garbage') headers.authorization = r.garbage
          if (r.key !== undefined) headers['idempotency-key'] = r.key
          let payload: InjectOptions['payload']
          if (r.body.kind === 'plausible') {
            headers['content-type'] = 'application/json'
            payload = JSON.stringify(plausibleBody(route.path, r.body.picks, r.body.spoil))
          } else if (r.body.kind === 'json') {
            headers['content-type'] = 'application/json'
            payload = JSON.stringify(r.body.value) ?? 'null'
          } else if (r.body.kind === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded'
            payload = new URLSearchParams(r.body.value).toString()
          } else if (r.body.kind === 'raw') {
            headers['content-type'] = 'application/json'
            payload = Buffer.from(r.body.bytes)
          }
          const res = await api.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            headers,
            payload,
          })
          seen.add(`${route.method} ${route.path}`)
          if (route.path.endsWith('/logout') && res.statusCode === 200) {
            token = await issueAccessToken(api.app.db, user.id, clock.now())
          }
          const context = `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`
          expect(res.statusCode, context).toBeLessThan(500)
          expect(LEAK.test(res.body), context).toBe(false)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )

      // The seed and case count reach every route at least once.
      expect([...seen].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort())
      await api.app.background.drain()
      await assertLedgerBalanced(api.app)
    },
  )

  /**
   * A value that is no JSON integer from 1 up (the money fields' kind): numeric text, booleans,
   * arrays, objects, null, fractions, zero and negatives, and numbers past any amount.
   */
  const notAPositiveInteger = fc.oneof(
    fc.integer({ min: 1, max: 1_000_000 }).map(String),
    fc.string({ maxLength: 12 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 2 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    fc.integer({ min: -1_000_000_000, max: 0 }),
    fc.constantFrom(1e20, 2 ** 53, 1e308, 2 ** 31, 10_000_001),
  )

  /**
   * Whether `value` is a valid `field` (the contract's ranges), so no case of this test: an amount
   * is 1 to ₹1,00,00,000, an id 1 to 2³¹−1 (or null, the fee's plan), and an adjustment's coins
   * any non-zero integer up to 1,00,00,000 either way (negative takes coins back).
   */
  const validMoneyField = (field: string, value: unknown) => {
    if (field === 'membership_plan_id' && value === null) return true
    if (typeof value !== 'number' || !Number.isInteger(value)) return false
    if (field === 'amount') return value >= 1 && value <= 10_000_000
    if (field === 'coins') return value !== 0 && Math.abs(value) <= 10_000_000
    return value >= 1 && value <= 2_147_483_647
  }

  it(
    `refuses ${MONEY_RUNS} money fields of the wrong type or range with 400 VALIDATION and moves no money`,
    { timeout: 120_000 },
    async () => {
      const user = await createTestUser(api.app, { views: 40, platformFeePaid: true })
      await grantCoins(api.app, user.id, 500_000)
      const opsToken = await loginNewOperator(api, `fuzz-${engine}@example.com`, clock.now())
      /** [url, the body around the field, the field, whose token]. */
      const money: Array<[string, Record<string, unknown>, string, 'user' | 'ops']> = [
        ['/api/v1/add-withdraw/', { upi_id: 'asha@okaxis' }, 'amount', 'user'],
        ['/api/v1/create-order/', { membership_plan_id: null }, 'amount', 'user'],
        ['/api/v1/create-order/', { amount: 99 }, 'membership_plan_id', 'user'],
        ['/api/v1/add-reward/', {}, 'dashboard_id', 'user'],
        [`/api/v1/ops/users/${user.id}/adjustments`, { reason: 'Fuzz' }, 'coins', 'ops'],
      ]
      const moneyState = async () => ({
        balances: await ledgerBalances(api.app),
        withdrawals: await api.app.db.selectFrom('withdrawals').select('id').execute(),
        orders: await api.app.db.selectFrom('orders').select('id').execute(),
        ledger: await api.app.db.selectFrom('ledger_entries').select('id').execute(),
      })
      const before = await moneyState()
      await fc.assert(
        fc.asyncProperty(fc.nat(), notAPositiveInteger, async (pick, value) => {
          const [url, around, field, who] = money[pick % money.length]!
          if (validMoneyField(field, value)) return
          const res = await api.call('POST', url, {
            token: who === 'ops' ? opsToken : user.token,
            body: { ...around, [field]: value },
            headers: { 'idempotency-key': crypto.randomUUID() },
          })
          const context = `${url} ${field} = ${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body)}`
          expect(res.status, context).toBe(400)
          expect(res.body, context).toMatchObject({ code: 'VALIDATION', field })
        }),
        { seed: SEED, numRuns: MONEY_RUNS, endOnFailure: true },
      )
      expect(await moneyState()).toEqual(before)
      await assertLedgerBalanced(api.app)
    },
  )
})
