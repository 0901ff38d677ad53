/**
 * The signals abuse review reads, recorded as requests arrive (the privacy page says what is kept,
 * why and for how long): the device id the PWA keeps in IndexedDB and sends as `X-Device-Id`, the
 * client address and the user agent, at signup, login, withdrawal and (once a day per user and
 * device) reward claim. The UPI IDs, bank accounts, referrals and claim times are the product's
 * own records already.
 */
import type { Db, Tx } from '../db/index.ts'
import type { AccountEvent } from '../db/schema/risk.ts'
import { tooManyRequests } from '../lib/errors.ts'
import { indiaDay } from '../lib/time.ts'
import type { Rules } from '../../contract/rules.ts'

/** Where a request came from, as recorded. */
export interface RequestSignal {
  /** The PWA's device id; null when the request carried none (or a malformed one). */
  deviceId: string | null
  /** The client address (`request.ip`). */
  address: string
  /** The User-Agent header, cut to 300 characters. */
  userAgent: string
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/

/** The request's signal: `X-Device-Id` (16–64 of A–Z a–z 0–9 _ -, else null), address, agent. */
export function signalOf(request: {
  ip: string
  headers: Record<string, string | string[] | undefined>
}): RequestSignal {
  const device = request.headers['x-device-id']
  const agent = request.headers['user-agent']
  return {
    deviceId: typeof device === 'string' && DEVICE_ID.test(device) ? device : null,
    address: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 300) : '',
  }
}

/** Appends one account event for `userId` at `at`, in `db` (or the caller's transaction). */
export async function recordAccountEvent(
  db: Db | Tx,
  userId: number,
  event: AccountEvent,
  signal: RequestSignal,
  at: Date,
): Promise<void> {
  await db
    .insertInto('account_events')
    .values({
      user_id: userId,
      event,
      device_id: signal.deviceId,
      address: signal.address,
      user_agent: signal.userAgent,
      created_at: at.toISOString(),
    })
    .execute()
}

/** Claims already recorded today, by `day|user|device`; cleared when the India day changes. */
const claimsSeen = { day: '', keys: new Set<string>() }
/** Bound on the set: past it, it starts over (a few repeated rows, never a lost device). */
const CLAIMS_SEEN_MAX = 200_000

/**
 * Records a credited claim's device once per user, device and India day on this instance (a claim
 * is the most frequent request; its device is what matters, not each claim). Never throws: a
 * failed record is logged by the caller's `onError`.
 */
export function recordClaimDevice(
  db: Db,
  userId: number,
  signal: RequestSignal,
  at: Date,
  onError: (error: unknown) => void,
): void {
  const day = indiaDay(at)
  if (claimsSeen.day !== day || claimsSeen.keys.size >= CLAIMS_SEEN_MAX) {
    claimsSeen.day = day
    claimsSeen.keys.clear()
  }
  const key = `${userId}|${signal.deviceId ?? ''}|${signal.address}`
  if (claimsSeen.keys.has(key)) return
  claimsSeen.keys.add(key)
  recordAccountEvent(db, userId, 'claim', signal, at).catch(onError)
}

/**
 * Refuses a registration beyond the day's limits (DECISIONS §3 live rules
 * `signupsPerDevicePerDay`, `signupsPerAddressPerDay`; 0 switches a limit off): the accounts
 * created from this device, and from this address, in the 24 hours before `now`.
 * Throws 429 SIGNUP_LIMIT with the limit in words. A request without a device id is limited by
 * its address only.
 */
export async function checkSignupLimits(
  db: Db | Tx,
  rules: Pick<Rules, 'signupsPerDevicePerDay' | 'signupsPerAddressPerDay'>,
  signal: RequestSignal,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - 86_400_000).toISOString()
  const perDevice = rules.signupsPerDevicePerDay
  if (perDevice > 0 && signal.deviceId !== null) {
    const count = await countSignups(db, 'device_id', signal.deviceId, since, perDevice)
    if (count >= perDevice) {
      throw tooManyRequests(
        'SIGNUP_LIMIT',
        `This phone has already created ${perDevice} accounts today. Please try again tomorrow.`,
      )
    }
  }
  const perAddress = rules.signupsPerAddressPerDay
  if (perAddress > 0) {
    const count = await countSignups(db, 'address', signal.address, since, perAddress)
    if (count >= perAddress) {
      throw tooManyRequests(
        'SIGNUP_LIMIT',
        'Too many accounts were created from this network today. Please try again tomorrow.',
      )
    }
  }
}

/** Signups with `column` = `value` since `since`, counted up to `cap`. */
async function countSignups(
  db: Db | Tx,
  column: 'device_id' | 'address',
  value: string,
  since: string,
  cap: number,
): Promise<number> {
  const rows = await db
    .selectFrom('account_events')
    .select('id')
    .where(column, '=', value)
    .where('event', '=', 'signup')
    .where('created_at', '>=', since)
    .limit(cap)
    .execute()
  return rows.length
}
