/**
 * The signals abuse review reads, recorded as requests arrive (the privacy page says what is kept,
 * why and for how long): the device id named by the signed device token the PWA keeps and sends as
 * `X-Device-Token` (server/accounts/device-tokens.ts; a device without a valid token is a new
 * device), the client address and the user agent, at signup, login, withdrawal and (once a day
 * per user and device) reward claim. The UPI IDs, bank accounts, referrals and claim times are the product's
 * own records already.
 */
import type { Db, Tx } from '../db/index.ts'
import type { AccountEvent } from '../db/schema/risk.ts'
import { tooManyRequests } from '../lib/errors.ts'
import { indiaDay } from '../lib/time.ts'
import type { Rules } from '../../contract/rules.ts'

/** Where a request came from, as recorded. */
export interface RequestSignal {
  /**
   * The device id of the request's valid device token; null when it carried none (or one the
   * server never signed): a login or signup then gets a new device id, other requests none.
   */
  deviceId: string | null
  /** The accounts the device token names (the latest first); empty without a valid token. */
  deviceUsers: readonly number[]
  /** The client address (`request.ip`). */
  address: string
  /** The User-Agent header, cut to 300 characters. */
  userAgent: string
}

/**
 * The request's signal: the device its valid device token names (`request.device`, read by
 * server/accounts/device-token-plugin.ts; null without one), address and agent.
 */
export function signalOf(request: {
  ip: string
  headers: Record<string, string | string[] | undefined>
  /** The valid device token's claims (server/accounts/device-tokens.ts `DeviceClaims`). */
  device: { deviceId: string; userIds: readonly number[] } | null
}): RequestSignal {
  const agent = request.headers['user-agent']
  return {
    deviceId: request.device?.deviceId ?? null,
    deviceUsers: request.device?.userIds ?? [],
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
 * Refuses a registration beyond the day's limits (docs/product.md#rules live rules
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
