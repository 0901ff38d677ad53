/**
 * The abuse rings: one person running many accounts to cash out the signup bonus. Every account
 * that withdraws (a casher) needs three verified referrals, so a ring is a referral tree of its
 * own accounts: casher 1 invites two fodder accounts and casher 2, casher 2 invites two more and
 * casher 3, the last casher three fodder accounts. Each shape shares one thing a person running
 * many accounts finds hard to avoid, and is otherwise as clean as that shape allows (fodder watch
 * 5–8 videos, past the idle-referral threshold; claims at a human pace), so each shape measures
 * the rule meant for it:
 * - shared_device: every account on one phone, one signup a day (the door allows 3), one home address;
 * - shared_upi: a phone per account at one home address, every casher paid to one UPI ID;
 * - referral_farm: one referrer and 3–6 invited accounts that never watch (0–2 videos);
 * - scripted: bots on their own devices and datacenter addresses claiming every video at the
 *   timer plus ~200 ms;
 * - spread: a phone per account, every request from the carrier's NAT pool (mobile proxies), one
 *   payout: one UPI ID (odd rings) or one bank account saved in every casher's profile (even).
 */
import {
  newAccount,
  saveBankDetails,
  signUp,
  watch,
  withdrawIfEligible,
  type Account,
  type RingShape,
  type World,
} from './client.ts'
import { DAY, HOUR, MINUTE, humanPause } from './people.ts'
import type { Rng } from './prng.ts'

export const RING_SHAPES: RingShape[] = [
  'shared_device',
  'shared_upi',
  'referral_farm',
  'scripted',
  'spread',
]

interface Member {
  account: Account
  referrer: Member | null
  /** Videos a fodder account watches; a casher watches until it can withdraw. */
  videos: number
}

interface Ring {
  index: number
  shape: RingShape
  startMs: number
  members: Member[]
  home: string
  bank: { accountNumber: string; ifsc: string; holder: string } | null
}

/** A script's pause after a video's timer: 200 ms, give or take 30. */
const scriptedPause = (rng: Rng) => (): number => 200 + rng.int(-30, 30)

/** Plans ring `index` of `shape`, starting within 9 days of `startMs`. */
export function planRing(world: World, index: number, shape: RingShape, startMs: number): Ring {
  const { rng } = world
  const cashers =
    shape === 'referral_farm'
      ? 1
      : shape === 'shared_device' || shape === 'scripted'
        ? rng.int(1, 2)
        : rng.int(2, 3)
  const phone = { deviceId: rng.token(22), userAgent: '' }
  const sharedUpi = `pay${index}${rng.int(100, 999)}@ybl`
  const payToOne = shape === 'shared_upi' || (shape === 'spread' && index % 2 === 1)
  const ring: Ring = {
    index,
    shape,
    startMs: startMs + rng.between(0, 9 * DAY),
    members: [],
    home: `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    bank:
      shape === 'spread' && !payToOne
        ? {
            accountNumber: String(rng.int(10 ** 11, 10 ** 12 - 1)),
            ifsc: rng.pick(['HDFC0000001', 'SBIN0000691']),
            holder: 'RAMESH KUMAR',
          }
        : null,
  }
  const add = (role: 'casher' | 'fodder', referrer: Member | null) => {
    const account = newAccount(world, { population: shape, ring: index, role })
    if (shape === 'shared_device') {
      phone.userAgent ||= account.userAgent
      account.deviceId = phone.deviceId
      account.userAgent = phone.userAgent
    }
    if (role === 'casher' && payToOne) account.upiId = sharedUpi
    const videos = shape === 'referral_farm' ? rng.int(0, 2) : rng.int(5, 8)
    const member = { account, referrer, videos }
    ring.members.push(member)
    return member
  }
  let inviter: Member | null = null
  for (let c = 1; c <= cashers; c += 1) {
    const casher = add('casher', inviter)
    const last = c === cashers
    const fodder = shape === 'referral_farm' ? rng.int(3, 6) : last ? 3 : 2
    for (let f = 0; f < fodder; f += 1) add('fodder', casher)
    inviter = casher
  }
  // Parents before children: each account signs up with its inviter's code.
  ring.members.sort((a, b) => depth(a) - depth(b) || a.account.n - b.account.n)
  return ring
}

const depth = (m: Member): number => (m.referrer ? 1 + depth(m.referrer) : 0)

/** The gap between two of the ring's signups. */
function signupGap(rng: Rng, shape: RingShape): number {
  switch (shape) {
    case 'shared_device':
      return rng.between(20 * HOUR, 28 * HOUR)
    case 'shared_upi':
      return rng.between(30 * MINUTE, 6 * HOUR)
    case 'referral_farm':
      return rng.between(1 * HOUR, 5 * HOUR)
    case 'scripted':
      return rng.between(1 * HOUR, 4 * HOUR)
    case 'spread':
      return rng.between(3 * HOUR, 20 * HOUR)
  }
}

/** The address a member uses for one request batch. */
function addressOf(rng: Rng, ring: Ring, member: Member, pool: string[]): string {
  switch (ring.shape) {
    case 'shared_device':
    case 'shared_upi':
      return ring.home
    case 'referral_farm':
      return member.account.role === 'casher' ? ring.home : rng.pick(pool)
    case 'scripted':
      return `103.21.${ring.index % 250}.${(member.account.n % 250) + 1}`
    case 'spread':
      return rng.pick(pool)
  }
}

/** The ring's farmer: signs the accounts up one after another and starts each one's script. */
export async function runRing(world: World, ring: Ring, pool: string[]): Promise<void> {
  const { rng, timeline } = world
  for (const member of ring.members) {
    if (timeline.nowMs >= world.endMs) return
    const address = addressOf(rng, ring, member, pool)
    if (await signUp(world, member.account, address, member.referrer?.account ?? null)) {
      if (ring.bank) await saveBankDetails(world, member.account, address, ring.bank)
      timeline.spawn(timeline.nowMs + rng.int(1, 5) * MINUTE, () =>
        memberLife(world, ring, member, pool),
      )
    }
    await timeline.at(timeline.nowMs + signupGap(rng, ring.shape))
  }
}

/**
 * One ring account's script. Fodder watch their few videos once and look at the withdrawal
 * conditions. A casher watches every video of the day (a session a day) until it has watched 10,
 * checks the conditions after each session and every 3–8 hours, and withdraws the whole balance
 * as soon as it may.
 */
async function memberLife(world: World, ring: Ring, member: Member, pool: string[]): Promise<void> {
  const { rng, timeline } = world
  const { account } = member
  const pause = ring.shape === 'scripted' ? scriptedPause(rng) : humanPause(rng)
  if (account.role === 'fodder') {
    const address = addressOf(rng, ring, member, pool)
    if (member.videos > 0) await watch(world, account, address, member.videos, pause)
    await withdrawIfEligible(world, account, address)
    return
  }
  let lastSessionDay = -1
  while (timeline.nowMs < world.endMs) {
    const address = addressOf(rng, ring, member, pool)
    const day = Math.floor(timeline.nowMs / DAY)
    if (account.views < 10 && day !== lastSessionDay) {
      lastSessionDay = day
      await watch(world, account, address, 13, pause)
    }
    if (await withdrawIfEligible(world, account, address)) return
    await timeline.at(timeline.nowMs + rng.between(3 * HOUR, 8 * HOUR))
  }
}
