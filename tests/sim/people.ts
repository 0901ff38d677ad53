/**
 * The honest population: people who find the app (or are invited by a friend), verify the email,
 * watch at a human pace in a few sessions over days and withdraw once when the conditions are
 * met. Their phones are their own (a few families share one phone between two accounts), their
 * addresses come from a mobile carrier's NAT pool shared by everyone (or a home connection), and
 * each is paid to a UPI ID of their own.
 */
import {
  newAccount,
  signUp,
  watch,
  withdrawIfEligible,
  type Account,
  type World,
} from './client.ts'
import type { Rng } from './prng.ts'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** A person's pause after a video's timer: 3–40 s, and now and then a break of 1–15 minutes. */
export const humanPause = (rng: Rng) => (): number =>
  rng.chance(0.06) ? rng.int(60, 900) * 1000 : rng.int(3_000, 40_000)

/** Addresses of a mobile carrier's NAT pool (`count` of them), shared by every honest person. */
export function natPool(rng: Rng, count: number): string[] {
  const prefixes = ['49.36', '106.76', '157.48', '223.187', '117.99', '42.105']
  return Array.from(
    { length: count },
    (_, i) => `${prefixes[i % prefixes.length]}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  )
}

type Engagement = 'dropout' | 'casual' | 'regular'

interface Person {
  account: Account
  referrer: Person | null
  joinMs: number
  /** A home connection's address (shared with a family member on the same phone). */
  home: string
  /** False: registers but never enters the mailed code. */
  verifies: boolean
  engagement: Engagement
  /** True when a family member already uses this person's phone. */
  phoneShared: boolean
}

/**
 * Plans `count` honest people joining from `startMs` (the first over 8 days, invited friends
 * 2 hours to 3 days after the person who invited them, none later than `lastJoinMs`), in a
 * referral forest: half invite no one, a tenth one or two friends, two fifths three or four (the
 * withdrawal condition asks for three).
 */
export function planHonest(
  world: World,
  count: number,
  startMs: number,
  lastJoinMs: number,
): Person[] {
  const { rng } = world
  const people: Person[] = []
  const openInvites: Person[] = []
  for (let i = 0; i < count; i += 1) {
    const referrer = openInvites.length > 0 && rng.chance(0.8) ? openInvites.shift()! : null
    const joinMs = referrer
      ? Math.min(lastJoinMs, referrer.joinMs + rng.between(2 * HOUR, 3 * DAY))
      : startMs + rng.between(0, 8 * DAY)
    // A family member on the phone of the person who invited them (two accounts, never three).
    const family = referrer !== null && !referrer.phoneShared && rng.chance(0.1)
    if (family) referrer.phoneShared = true
    const account = newAccount(world, {
      population: 'honest',
      ring: null,
      role: 'person',
      ...(family
        ? { deviceId: referrer.account.deviceId, userAgent: referrer.account.userAgent }
        : {}),
    })
    const roll = rng.next()
    const person: Person = {
      account,
      referrer: referrer?.verifies ? referrer : null,
      joinMs,
      home: family
        ? referrer.home
        : `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      verifies: rng.chance(0.96),
      engagement: roll < 0.15 ? 'dropout' : roll < 0.5 ? 'casual' : 'regular',
      phoneShared: family,
    }
    people.push(person)
    const invites = rng.next() < 0.5 ? 0 : rng.chance(0.2) ? rng.int(1, 2) : rng.int(3, 4)
    for (let k = 0; k < invites; k += 1) openInvites.push(person)
  }
  return people
}

/** The address of one session: the home connection a third of the time, else the NAT pool. */
const addressFor = (rng: Rng, person: Person, pool: string[]) =>
  rng.chance(0.35) ? person.home : rng.pick(pool)

/**
 * One honest life: signs up (with the inviter's code), watches a first session minutes later, then
 * a few more sessions (casual: every 1–3 days, regular: every 4–30 hours; a dropout stops after a
 * first session of fewer than 5 videos), checks the withdrawal conditions after each session and
 * every 2–4 days after the last, and withdraws the whole balance once they are met.
 */
export async function honestLife(world: World, person: Person, pool: string[]): Promise<void> {
  const { rng, timeline } = world
  const { account } = person
  const referrer = person.referrer?.account ?? null
  const joined = await signUp(
    world,
    account,
    addressFor(rng, person, pool),
    referrer,
    person.verifies,
  )
  if (!joined) return
  const pause = humanPause(rng)
  const sessions =
    person.engagement === 'dropout'
      ? 1
      : person.engagement === 'casual'
        ? rng.int(2, 5)
        : rng.int(3, 8)
  await timeline.at(timeline.nowMs + rng.int(1, 10) * MINUTE)
  for (let s = 0; s < sessions && timeline.nowMs < world.endMs; s += 1) {
    const videos =
      person.engagement === 'dropout'
        ? rng.int(0, 4)
        : s === 0
          ? rng.int(3, 13)
          : person.engagement === 'casual'
            ? rng.int(3, 9)
            : rng.int(5, 13)
    const address = addressFor(rng, person, pool)
    if (videos > 0) await watch(world, account, address, videos, pause)
    if (account.views >= 10 && (await withdrawIfEligible(world, account, address))) return
    const gap =
      person.engagement === 'casual'
        ? rng.between(1 * DAY, 3 * DAY)
        : rng.between(4 * HOUR, 30 * HOUR)
    await timeline.at(timeline.nowMs + gap)
  }
  if (account.views < 10) return
  for (;;) {
    const next = timeline.nowMs + rng.between(2 * DAY, 4 * DAY)
    if (next > world.endMs) return
    await timeline.at(next)
    if (await withdrawIfEligible(world, account, addressFor(rng, person, pool))) return
  }
}
