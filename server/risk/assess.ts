/**
 * A user's risk: the risk rules that fire for them, each with a plain-language reason and the
 * accounts it links (contract/api/risk.ts). Read from the signals (account_events), the payouts
 * (withdrawals' UPI IDs, bank_details), the referral graph (users.referred_by) and the claim times
 * (video_rewards). A finding is evidence for a person to weigh, never a verdict: it holds a
 * withdrawal for review (server/risk/holds.ts) and keeps a referral reward pending. The rules read
 * from claims are in claim-rules.ts.
 */
import type { Db, Tx } from '../db/index.ts'
import type { RiskFinding, RiskLink, RiskRules } from '../../contract/risk-rules.ts'
import { claimFindings } from './claim-rules.ts'
import { canonicalUpiId } from '../../contract/validation.ts'

type Reader = Db | Tx

/** Linked accounts listed per finding, at most. */
const LINKED_MAX = 20

/**
 * The findings for `userId` under `risk` (a rule with threshold 0 is off). `payout`, when given,
 * is the UPI ID the user is withdrawing to now (it counts with the earlier ones), in any spelling:
 * it is compared in its canonical form, the form withdrawals store (canonicalUpiId).
 * Resolves [] when no rule fires.
 */
export async function assessRisk(
  db: Reader,
  risk: RiskRules,
  userId: number,
  payout: { upiId?: string } = {},
): Promise<RiskFinding[]> {
  const findings = await Promise.all([
    sharedDevice(db, risk, userId),
    sharedPayout(db, risk, userId, payout.upiId && canonicalUpiId(payout.upiId)),
    signupBurst(db, risk, userId),
    idleReferrals(db, risk, userId),
    claimFindings(db, risk, userId),
  ])
  return findings.flat().filter((f): f is RiskFinding => f !== null)
}

/** The accounts `ids` with their emails, each linked by `link`, at most LINKED_MAX. */
async function linkedAccounts(
  db: Reader,
  ids: Iterable<number>,
  link: RiskLink,
): Promise<RiskFinding['linked']> {
  const list = [...new Set(ids)].slice(0, LINKED_MAX)
  if (list.length === 0) return []
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', list)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ user_id: r.id, email: r.email, link }))
}

/** Several accounts on one device: the user's devices shared by `riskDeviceAccounts` or more. */
async function sharedDevice(
  db: Reader,
  risk: RiskRules,
  userId: number,
): Promise<RiskFinding | null> {
  if (risk.riskDeviceAccounts <= 0) return null
  const devices = await db
    .selectFrom('account_events')
    .select('device_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('device_id', 'is not', null)
    .limit(50)
    .execute()
  const ids = devices.map((d) => d.device_id).filter((d): d is string => d !== null)
  if (ids.length === 0) return null
  const rows = await db
    .selectFrom('account_events')
    .select(['device_id', 'user_id'])
    .distinct()
    .where('device_id', 'in', ids)
    .limit(500)
    .execute()
  const byDevice = new Map<string, Set<number>>()
  for (const r of rows) {
    const set = byDevice.get(r.device_id ?? '') ?? new Set<number>()
    set.add(r.user_id)
    byDevice.set(r.device_id ?? '', set)
  }
  let worst: [string, Set<number>] | null = null
  for (const entry of byDevice) if (!worst || entry[1].size > worst[1].size) worst = entry
  if (!worst || worst[1].size < risk.riskDeviceAccounts) return null
  const others = [...worst[1]].filter((id) => id !== userId)
  return {
    rule: 'shared_device',
    reason: `${worst[1].size} accounts use one phone (device ${worst[0].slice(0, 8)}…); the limit is ${risk.riskDeviceAccounts - 1}.`,
    linked: await linkedAccounts(db, others, 'device'),
  }
}

/**
 * Several accounts paid to one UPI ID or bank account: the UPI IDs the user withdraws (or is
 * withdrawing) to and the bank account in the profile, each shared by `riskPayoutAccounts` or more.
 */
async function sharedPayout(
  db: Reader,
  risk: RiskRules,
  userId: number,
  upiId: string | undefined,
): Promise<RiskFinding | null> {
  if (risk.riskPayoutAccounts <= 0) return null
  const own = await db
    .selectFrom('withdrawals')
    .select('upi_id')
    .distinct()
    .where('user_id', '=', userId)
    .limit(20)
    .execute()
  const upiIds = [...new Set([...own.map((r) => r.upi_id), ...(upiId ? [upiId] : [])])]
  let worst: { what: string; link: RiskLink; users: Set<number> } | null = null
  if (upiIds.length > 0) {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['upi_id', 'user_id'])
      .distinct()
      .where('upi_id', 'in', upiIds)
      .limit(500)
      .execute()
    const byUpi = new Map<string, Set<number>>()
    for (const r of rows) byUpi.set(r.upi_id, (byUpi.get(r.upi_id) ?? new Set()).add(r.user_id))
    for (const [upi, users] of byUpi) {
      users.add(userId)
      if (!worst || users.size > worst.users.size)
        worst = { what: `UPI ID ${upi}`, link: 'upi_id', users }
    }
  }
  const bank = await db
    .selectFrom('bank_details')
    .select(['account_number', 'ifsc'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (bank) {
    const rows = await db
      .selectFrom('bank_details')
      .select('user_id')
      .where('account_number', '=', bank.account_number)
      .where('ifsc', '=', bank.ifsc)
      .limit(500)
      .execute()
    const users = new Set(rows.map((r) => r.user_id))
    if (!worst || users.size > worst.users.size) {
      worst = {
        what: `bank account …${bank.account_number.slice(-4)} (${bank.ifsc})`,
        link: 'bank_account',
        users,
      }
    }
  }
  if (!worst || worst.users.size < risk.riskPayoutAccounts) return null
  return {
    rule: 'shared_payout',
    reason: `${worst.users.size} accounts are paid to one ${worst.what}; the limit is ${risk.riskPayoutAccounts - 1}.`,
    linked: await linkedAccounts(
      db,
      [...worst.users].filter((id) => id !== userId),
      worst.link,
    ),
  }
}

/** Accounts created in a burst from one address: `riskSignupBurstAccounts` within the window. */
async function signupBurst(
  db: Reader,
  risk: RiskRules,
  userId: number,
): Promise<RiskFinding | null> {
  if (risk.riskSignupBurstAccounts <= 0) return null
  const signup = await db
    .selectFrom('account_events')
    .select(['address', 'created_at'])
    .where('user_id', '=', userId)
    .where('event', '=', 'signup')
    .executeTakeFirst()
  if (!signup) return null
  const at = Date.parse(signup.created_at)
  const windowMs = risk.riskSignupBurstMinutes * 60_000
  const rows = await db
    .selectFrom('account_events')
    .select('user_id')
    .where('address', '=', signup.address)
    .where('event', '=', 'signup')
    .where('created_at', '>=', new Date(at - windowMs).toISOString())
    .where('created_at', '<=', new Date(at + windowMs).toISOString())
    .limit(500)
    .execute()
  const users = new Set(rows.map((r) => r.user_id))
  if (users.size < risk.riskSignupBurstAccounts) return null
  return {
    rule: 'signup_burst',
    reason: `${users.size} accounts were created from one network address (${signup.address}) within ${risk.riskSignupBurstMinutes} minutes of this one.`,
    linked: await linkedAccounts(
      db,
      [...users].filter((id) => id !== userId),
      'address',
    ),
  }
}

/**
 * A referral tree that never watches: `riskIdleReferrals` or more referred accounts that watched
 * fewer than `riskIdleReferralVideos` videos, and no more than a third of the tree watching.
 * The user's own referrer's tree counts too (a farm's member is as much a part of it).
 */
async function idleReferrals(
  db: Reader,
  risk: RiskRules,
  userId: number,
): Promise<RiskFinding | null> {
  if (risk.riskIdleReferrals <= 0) return null
  const tree = async (referrer: number) =>
    db
      .selectFrom('users')
      .select(['id', 'views'])
      .where('referred_by', '=', referrer)
      .where('email_verified', '=', 1)
      .limit(500)
      .execute()
  const idleOf = (rows: { id: number; views: number }[]) => {
    const idle = rows.filter((r) => r.views < risk.riskIdleReferralVideos)
    return idle.length >= risk.riskIdleReferrals && idle.length * 3 >= rows.length * 2 ? idle : null
  }
  const own = await tree(userId)
  const ownIdle = idleOf(own)
  if (ownIdle) {
    return {
      rule: 'idle_referrals',
      reason: `${ownIdle.length} of ${own.length} accounts this user referred watched fewer than ${risk.riskIdleReferralVideos} videos.`,
      linked: await linkedAccounts(
        db,
        ownIdle.map((r) => r.id),
        'referred',
      ),
    }
  }
  const me = await db
    .selectFrom('users')
    .select(['referred_by', 'views'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!me?.referred_by) return null
  const siblings = await tree(me.referred_by)
  const siblingsIdle = idleOf(siblings)
  if (!siblingsIdle) return null
  return {
    rule: 'idle_referrals',
    reason: `This user's referrer referred ${siblings.length} accounts; ${siblingsIdle.length} of them watched fewer than ${risk.riskIdleReferralVideos} videos.`,
    linked: [
      ...(await linkedAccounts(db, [me.referred_by], 'referrer')),
      ...(await linkedAccounts(
        db,
        siblingsIdle.map((r) => r.id).filter((id) => id !== userId),
        'referred',
      )),
    ].slice(0, LINKED_MAX),
  }
}
