/**
 * What a simulated person does through the real HTTP API, as the PWA does it: register and enter
 * the mailed code, open the dashboard and claim each video after its timer, check the withdrawal
 * conditions and withdraw, save bank details. Every request carries the device token the person's
 * phone was last given (none before its first signup), the user agent and (as `X-Forwarded-For`
 * behind a trusted proxy) the network address of that moment.
 */
import type { Rng } from './prng.ts'
import type { Timeline } from './timeline.ts'
import type { SmtpSink } from '../helpers/smtp-sink.ts'

/** The rings' shapes (docs/abuse.md). */
export type RingShape = 'shared_device' | 'shared_upi' | 'referral_farm' | 'scripted' | 'spread'
export type Population = 'honest' | RingShape

export interface Account {
  /** Creation order, which also makes the email and phone unique. */
  n: number
  email: string
  phone: string
  pin: string
  population: Population
  /** The ring's number, null for honest people. */
  ring: number | null
  /** A ring's `casher` withdraws; its `fodder` exists to be a verified referral. */
  role: 'person' | 'casher' | 'fodder'
  deviceId: string
  userAgent: string
  /** Where this account withdraws to. */
  upiId: string
  token: string | null
  referralCode: string | null
  views: number
  withdrawn: boolean
}

/** The simulation's shared state. */
export interface World {
  baseUrl: string
  timeline: Timeline
  rng: Rng
  smtp: SmtpSink
  accounts: Account[]
  /** Transfer fee per withdrawal (₹), from the live rules. */
  feeRupees: number
  /** When the simulated period ends (ms). */
  endMs: number
  /** Answers no script expected, by `METHOD path status code`: a sign of a broken simulation. */
  surprises: Map<string, number>
  /**
   * The device token each phone keeps (by the sim's `deviceId`): the last one a login or signup
   * on it answered, sent with every later request from it, as the PWA does from IndexedDB.
   */
  deviceTokens: Map<string, string>
}

const FIRST_NAMES = ['Asha', 'Ravi', 'Priya', 'Arjun', 'Meena', 'Vikram', 'Sunita', 'Imran']
const LAST_NAMES = ['Rao', 'Sharma', 'Patel', 'Khan', 'Iyer', 'Das', 'Singh', 'Nair']
const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; RMX3761) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 11; vivo 1906) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; CPH2591) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
]
const UPI_HANDLES = ['oksbi', 'okaxis', 'okhdfcbank', 'ybl', 'paytm', 'ibl']

/** A new account of `population` on a fresh device (`deviceId`/`userAgent` may be overridden). */
export function newAccount(
  world: World,
  fields: Pick<Account, 'population' | 'ring' | 'role'> & Partial<Account>,
): Account {
  const n = world.accounts.length + 1
  const { rng } = world
  const account: Account = {
    n,
    email: `${rng.pick(FIRST_NAMES).toLowerCase()}.${n}@mail.example`,
    phone: `9${String(100_000_000 + n).slice(-9)}`,
    pin: String(rng.int(1000, 9999)),
    deviceId: rng.token(22),
    userAgent: rng.pick(USER_AGENTS),
    upiId: `${rng.pick(FIRST_NAMES).toLowerCase()}${n}@${rng.pick(UPI_HANDLES)}`,
    token: null,
    referralCode: null,
    views: 0,
    withdrawn: false,
    ...fields,
  }
  world.accounts.push(account)
  return account
}

interface Answer {
  status: number
  body: Record<string, unknown>
}

/** One request of `account` from `address`; `key` is sent as the Idempotency-Key. */
async function call(
  world: World,
  account: Account,
  address: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  key?: string,
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': address,
    'user-agent': account.userAgent,
  }
  const deviceToken = world.deviceTokens.get(account.deviceId)
  if (deviceToken) headers['x-device-token'] = deviceToken
  if (account.token) headers.authorization = `Bearer ${account.token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (key) headers['idempotency-key'] = key
  const res = await fetch(`${world.baseUrl}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  try {
    const answer = JSON.parse(text) as Record<string, unknown>
    if (typeof answer.device_token === 'string') {
      world.deviceTokens.set(account.deviceId, answer.device_token)
    }
    return { status: res.status, body: answer }
  } catch {
    return { status: res.status, body: { raw: text } }
  }
}

function surprise(world: World, what: string, answer: Answer): void {
  const name = `${what} ${answer.status} ${String(answer.body.code ?? '')}`
  world.surprises.set(name, (world.surprises.get(name) ?? 0) + 1)
}

/**
 * Registers `account` (with `referrer`'s code when given) and enters the mailed code a minute or
 * two later. Resolves false when the registration is refused (429 SIGNUP_LIMIT, the door's limit)
 * or, with `verify` false, once the code has been mailed and is never entered.
 */
export async function signUp(
  world: World,
  account: Account,
  address: string,
  referrer: Account | null,
  verify = true,
): Promise<boolean> {
  const { rng, timeline } = world
  const res = await call(world, account, address, 'POST', '/user/registration/', {
    first_name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    phone_number: account.phone,
    email: account.email,
    password: account.pin,
    ...(referrer?.referralCode ? { referral_id: referrer.referralCode } : {}),
  })
  if (res.status !== 417) {
    if (res.body.code !== 'SIGNUP_LIMIT') surprise(world, 'POST registration', res)
    return false
  }
  account.token = String(res.body.access_token)
  if (!verify) return false
  const requestId = (res.body.otp_response as { requestId: string }).requestId
  const code = await world.smtp.waitForCode(account.email)
  await timeline.at(timeline.nowMs + rng.int(30, 150) * 1000)
  const ok = await call(world, account, address, 'POST', '/verify-otp-after-signup/', {
    otp: code,
    request_id: requestId,
  })
  if (ok.status !== 200) {
    surprise(world, 'POST verify-otp-after-signup', ok)
    return false
  }
  const me = await call(world, account, address, 'GET', '/get-user/')
  account.referralCode = String(me.body.referral_id)
  return true
}

/**
 * Opens the dashboard and claims up to `count` videos in order, each `pause()` ms after the
 * video's timer has run (from the previous claim, or from the dashboard's handout for the first),
 * with the play time the app reports (`played_ms`), except for the scripted ring's bots.
 * Resolves the claims credited.
 */
export async function watch(
  world: World,
  account: Account,
  address: string,
  count: number,
  pause: () => number,
): Promise<number> {
  const { timeline } = world
  const res = await call(world, account, address, 'GET', '/dashboard/')
  if (res.status !== 200) {
    surprise(world, 'GET dashboard', res)
    return 0
  }
  const videos = res.body as unknown as { id: number; timer: number }[]
  let credited = 0
  let t = timeline.nowMs
  for (const video of videos.slice(0, count)) {
    t += video.timer * 1000 + pause()
    await timeline.at(t)
    const key = `sim-${account.n}-${world.rng.token(16)}`
    // The app reports how long its player played the video; a script calling the API does not.
    const body = {
      dashboard_id: video.id,
      watched_at: timeline.now().toISOString(),
      ...(account.population === 'scripted' ? {} : { played_ms: video.timer * 1000 }),
    }
    const claim = await call(world, account, address, 'POST', '/add-reward/', body, key)
    if (claim.status === 200) {
      credited += 1
      account.views = Number((claim.body.data as { views: number }).views)
    } else surprise(world, 'POST add-reward', claim)
    t = timeline.nowMs
  }
  return credited
}

/**
 * Checks the withdrawal conditions (`GET /withdrawal-status/`) and, when all are met, withdraws
 * the whole balance less the transfer fee to `account.upiId`. Resolves true once withdrawn.
 */
export async function withdrawIfEligible(
  world: World,
  account: Account,
  address: string,
): Promise<boolean> {
  if (account.withdrawn) return true
  const status = await call(world, account, address, 'GET', '/withdrawal-status/')
  if (!(status.body.data as { eligible?: boolean } | undefined)?.eligible) return false
  const me = await call(world, account, address, 'GET', '/get-user/')
  const amount = Math.floor(Number(me.body.points) / 100) - world.feeRupees
  if (amount < 1) return false
  const key = `sim-w-${account.n}-${world.rng.token(16)}`
  const res = await call(
    world,
    account,
    address,
    'POST',
    '/add-withdraw/',
    // The PIN: a payee the account never withdrew to needs it (docs/product.md#security).
    { upi_id: account.upiId, amount, pin: account.pin },
    key,
  )
  if (res.status !== 200) {
    surprise(world, 'POST add-withdraw', res)
    return false
  }
  account.withdrawn = true
  return true
}

/** Saves `bank` as the account's bank details (`POST /bank-details/`). */
export async function saveBankDetails(
  world: World,
  account: Account,
  address: string,
  bank: { accountNumber: string; ifsc: string; holder: string },
): Promise<void> {
  const res = await call(world, account, address, 'POST', '/bank-details/', {
    account_number: bank.accountNumber,
    ifsc: bank.ifsc,
    account_holder: bank.holder,
  })
  if (res.status !== 200) surprise(world, 'POST bank-details', res)
}
