// The risk rules (server/risk/assess.ts, thresholds contract/risk-rules.ts) on both engines: each
// holds a withdrawal for review with its plain-language reason and the accounts it links, and
// does not fire just under its threshold; a rule switched off in the console stops holding.
// The ledger is checked after every test.
import { afterEach, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { rewardCalls } from '../helpers/rewards.ts'
import { assertLedgerBalanced, grantCoins, testClock } from '../helpers/ledger.ts'
import type { TestUser } from '../helpers/users.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { DEFAULT_RISK_RULES } from '../../contract/risk-rules.ts'
import { freshAddress, freshDeviceId, freshUpiId, riskCalls } from './risk-helpers.ts'

const MINUTE = 60_000

describe.each(ENGINES)('risk rules on %s', (engine) => {
  const clock = testClock()
  // Referrals and videos off as withdrawal conditions, so each test's users carry only the signals
  // it is about (the idle-referrals tests add their own trees).
  const api = withApi(engine, {
    clock: clock.now,
    rules: { ...DEFAULT_RULES, withdrawMinReferrals: 0, withdrawMinVideos: 0 },
  })
  const { payoutReadyUser, addFriends, seen, withdraw, withdrawn, stored, operatorSession } =
    riskCalls(api)
  const { dashboard, claim } = rewardCalls(api)

  afterEach(async () => {
    await assertLedgerBalanced(api.app)
  })

  /** `count` payout-ready users, in the order of their ids (the order findings link them in). */
  const users = async (count: number) => {
    const list: TestUser[] = []
    for (let i = 0; i < count; i++) list.push(await payoutReadyUser())
    return list
  }
  const linked = (list: TestUser[], link: string) =>
    list.map((u) => ({ user_id: u.id, email: u.email, link }))

  it('runs on the default thresholds', () => {
    expect(api.app.config.risk).toEqual(DEFAULT_RISK_RULES)
  })

  describe('shared_device', () => {
    it('passes two accounts on one device and holds the third, linking the other two', async () => {
      const device = freshDeviceId()
      const [a, b, c] = (await users(3)) as [TestUser, TestUser, TestUser]
      await seen(a, device)
      await seen(b, device)
      const two = await withdrawn(b)
      expect(two.row.status).toBe('requested')
      expect(two.findings).toEqual([])

      await seen(c, device, { event: 'signup', address: freshAddress() })
      const three = await withdrawn(c)
      expect(three.row.status).toBe('held')
      expect(three.findings).toEqual([
        {
          rule: 'shared_device',
          reason: `3 accounts use one phone (device ${device.slice(0, 8)}…); the limit is 2.`,
          linked: linked([a, b], 'device'),
        },
      ])
    })

    it('holds the accounts a device logged in to over HTTP, keeping the device token it is given', async () => {
      const three = await users(3)
      let deviceToken: string | undefined
      for (const user of three) {
        const res = await api.call('POST', '/api/v1/user/login/', {
          body: { email: user.email, password: user.pin },
          headers: deviceToken ? { 'x-device-token': deviceToken } : {},
          ip: freshAddress(),
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        deviceToken = String(res.body.device_token)
      }
      const held = await withdrawn(three[0]!)
      expect(held.row.status).toBe('held')
      expect(held.findings.map((f) => f.rule)).toEqual(['shared_device'])
      expect(held.findings[0]!.linked).toEqual(linked(three.slice(1), 'device'))
    })

    it('holds nothing when each login sends a device id the server never issued', async () => {
      const three = await users(3)
      for (const user of three) {
        const res = await api.call('POST', '/api/v1/user/login/', {
          body: { email: user.email, password: user.pin },
          headers: {
            'x-device-id': 'farm-device-0123456789',
            'x-device-token': 'farm-device-0123456789',
          },
          ip: freshAddress(),
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
      // Three new devices, one account each: the chosen id links nothing.
      expect((await withdrawn(three[0]!)).row.status).toBe('requested')
    })

    it('does not count events without a device id as one device', async () => {
      const [a, b, c] = (await users(3)) as [TestUser, TestUser, TestUser]
      for (const user of [a, b, c]) await seen(user, null)
      expect((await withdrawn(c)).row.status).toBe('requested')
    })
  })

  describe('shared_payout', () => {
    it('passes one account withdrawing to its UPI ID again and holds a second account paid to it', async () => {
      const upiId = freshUpiId()
      const [a, b] = (await users(2)) as [TestUser, TestUser]
      expect((await withdrawn(a, upiId)).row.status).toBe('requested')
      expect((await withdrawn(a, upiId)).row.status).toBe('requested')
      const second = await withdrawn(b, upiId)
      expect(second.row.status).toBe('held')
      expect(second.findings).toEqual([
        {
          rule: 'shared_payout',
          reason: `2 accounts are paid to one UPI ID ${upiId}; the limit is 1.`,
          linked: linked([a], 'upi_id'),
        },
      ])
    })

    it('holds the first account’s waiting withdrawals once a second account is held, leaving paid and reviewed ones', async () => {
      const upiId = freshUpiId()
      const [a, b, c] = (await users(3)) as [TestUser, TestUser, TestUser]
      const paid = await withdrawn(a, upiId)
      const approved = await withdrawn(a, upiId)
      const waiting = await withdrawn(a, upiId)
      const token = await operatorSession()
      const pay = await api.call('POST', `/api/v1/ops/withdrawals/${paid.id}/pay`, {
        token,
        body: { upi_reference: 'UTR400000000001' },
      })
      expect(pay.status, JSON.stringify(pay.body)).toBe(200)
      // An operator already looked at this one: a later hold does not overrule the decision.
      await api.app.db
        .insertInto('withdrawal_reviews')
        .values({
          withdrawal_id: approved.id,
          user_id: a.id,
          findings: '[]',
          held_at: new Date().toISOString(),
          decision: 'approved',
          coins_returned: null,
          operator_id: null,
          note: 'checked by hand',
          decided_at: new Date().toISOString(),
        })
        .execute()
      expect((await withdrawn(b, upiId)).row.status).toBe('held')
      // a was alone on the UPI ID when it asked; now b is held, a's waiting withdrawal is too.
      const again = await stored(waiting.id)
      expect(again.row.status).toBe('held')
      expect(again.findings).toEqual([
        {
          rule: 'shared_payout',
          reason: `2 accounts are paid to one UPI ID ${upiId}; the limit is 1.`,
          linked: linked([b], 'upi_id'),
        },
      ])
      expect((await stored(paid.id)).row.status).toBe('paid')
      expect((await stored(approved.id)).row.status).toBe('requested')
      // An account that shares nothing keeps its place in the payout queue.
      expect((await withdrawn(c)).row.status).toBe('requested')
    })

    it('holds a second account whose profile names the same bank account, not one with another IFSC', async () => {
      const [a, b, c] = (await users(3)) as [TestUser, TestUser, TestUser]
      const account = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999))
      const bank = (user: TestUser, ifsc: string) =>
        api.app.db
          .insertInto('bank_details')
          .values({
            user_id: user.id,
            account_number: account,
            ifsc,
            holder_name: 'ASHA RAO',
            bank: 'State Bank of India',
            branch: '',
            updated_at: new Date().toISOString(),
          })
          .execute()
      await bank(a, 'SBIN0001234')
      expect((await withdrawn(a)).row.status).toBe('requested')
      await bank(c, 'SBIN0009999')
      expect((await withdrawn(c)).row.status).toBe('requested')
      await bank(b, 'SBIN0001234')
      const held = await withdrawn(b)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'shared_payout',
          reason: `2 accounts are paid to one bank account …${account.slice(-4)} (SBIN0001234); the limit is 1.`,
          linked: linked([a], 'bank_account'),
        },
      ])
    })
  })

  describe('signup_burst', () => {
    it('passes five signups from one address within the hour and holds the sixth, linking the five', async () => {
      const address = freshAddress()
      const six = await users(6)
      const start = clock.now().getTime() - 3 * 3600_000
      for (const [i, user] of six.slice(0, 5).entries()) {
        await seen(user, freshDeviceId(), {
          event: 'signup',
          address,
          at: new Date(start + i * 10 * MINUTE),
        })
      }
      expect((await withdrawn(six[4]!)).row.status).toBe('requested')
      await seen(six[5]!, freshDeviceId(), {
        event: 'signup',
        address,
        at: new Date(start + 50 * MINUTE),
      })
      const held = await withdrawn(six[5]!)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'signup_burst',
          reason: `6 accounts were created from one network address (${address}) within 60 minutes of this one.`,
          linked: linked(six.slice(0, 5), 'address'),
        },
      ])
    })

    it('passes six signups from one address spread more than the window apart', async () => {
      const address = freshAddress()
      const six = await users(6)
      const start = clock.now().getTime() - 10 * 3600_000
      for (const [i, user] of six.entries()) {
        await seen(user, freshDeviceId(), {
          event: 'signup',
          address,
          at: new Date(start + i * 61 * MINUTE),
        })
      }
      for (const user of six.slice(2, 4))
        expect((await withdrawn(user)).row.status).toBe('requested')
    })
  })

  describe('idle_referrals', () => {
    /** Videos a referred account watches not to count as idle (riskIdleReferralVideos). */
    const videos = () => api.app.config.risk.riskIdleReferralVideos

    it('holds a referrer whose three referred accounts each watched one video fewer than the rule', async () => {
      const referrer = await payoutReadyUser()
      const friends = await addFriends(referrer, 3, videos() - 1)
      const held = await withdrawn(referrer)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'idle_referrals',
          reason: `3 of 3 accounts this user referred watched fewer than ${videos()} videos.`,
          linked: linked(friends, 'referred'),
        },
      ])
    })

    it('passes a tree whose friends watched the rule’s videos, one of only two idle friends, and one where more than a third watch', async () => {
      const watching = await payoutReadyUser()
      await addFriends(watching, 3, videos())
      expect((await withdrawn(watching)).row.status).toBe('requested')
      const twoIdle = await payoutReadyUser()
      await addFriends(twoIdle, 2, 0)
      await addFriends(twoIdle, 1, videos() + 5)
      expect((await withdrawn(twoIdle)).row.status).toBe('requested')
      const mixed = await payoutReadyUser()
      await addFriends(mixed, 3, 0)
      await addFriends(mixed, 2, videos() + 5)
      expect((await withdrawn(mixed)).row.status).toBe('requested')
      // Four idle of six: no more than a third watch, so the tree is idle.
      await addFriends(mixed, 1, 0)
      expect((await withdrawn(mixed)).row.status).toBe('held')
    })

    it('holds a member of an idle tree, linking the referrer and the other idle members', async () => {
      const referrer = await payoutReadyUser()
      const [member, ...others] = (await addFriends(referrer, 3, 0)) as [TestUser, ...TestUser[]]
      await api.app.db
        .updateTable('users')
        .set({ platform_fee_paid: 1 })
        .where('id', '=', member.id)
        .execute()
      await grantCoins(api.app, member.id, 150_000)
      const held = await withdrawn(member)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'idle_referrals',
          reason: `This user's referrer referred 3 accounts; 3 of them watched fewer than ${videos()} videos.`,
          linked: [...linked([referrer], 'referrer'), ...linked(others, 'referred')],
        },
      ])
    })
  })

  describe('scripted_claims', () => {
    /** Claims `slacks.length + 1` videos in a row, each `slacks[i]` ms after the timer allowed. */
    const claimInRhythm = async (user: TestUser, slacks: number[]) => {
      const videos = await dashboard(user)
      expect(videos.length).toBeGreaterThan(slacks.length)
      for (const [i, video] of videos.slice(0, slacks.length + 1).entries()) {
        clock.advance(video.timer + (i === 0 ? 0 : slacks[i - 1]!) / 1000)
        const res = await claim(user, { dashboard_id: video.id })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
    }

    it('holds nine claims in a row each 0.5 s after the timer, with the rhythm in the reason', async () => {
      const user = await payoutReadyUser()
      await claimInRhythm(user, Array<number>(8).fill(500))
      const held = await withdrawn(user)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'scripted_claims',
          reason:
            "8 claims in a row came 0.5 s after each video's timer, varying by 0 ms; a person's pauses vary by seconds.",
          linked: [],
        },
      ])
    })

    it('passes eight such claims (one gap short of the rule)', async () => {
      const user = await payoutReadyUser()
      await claimInRhythm(user, Array<number>(7).fill(500))
      expect((await withdrawn(user)).row.status).toBe('requested')
    })

    it('passes human pauses that vary by seconds', async () => {
      const user = await payoutReadyUser()
      await claimInRhythm(user, [3_200, 11_000, 5_400, 19_000, 4_100, 8_300, 14_700, 6_000])
      expect((await withdrawn(user)).row.status).toBe('requested')
    })

    it('holds a spread of 1,499 ms and passes one of 1,500 ms (the threshold)', async () => {
      const under = await payoutReadyUser()
      await claimInRhythm(under, [0, 2_998, 0, 2_998, 0, 2_998, 0, 2_998])
      const held = await withdrawn(under)
      expect(held.row.status).toBe('held')
      expect(held.findings[0]!.reason).toContain('varying by 1,499 ms')
      const at = await payoutReadyUser()
      await claimInRhythm(at, [0, 3_000, 0, 3_000, 0, 3_000, 0, 3_000])
      expect((await withdrawn(at)).row.status).toBe('requested')
    })

    it('starts a new session after a pause of more than 10 minutes', async () => {
      const user = await payoutReadyUser()
      const videos = await dashboard(user)
      for (const [i, video] of videos.slice(0, 9).entries()) {
        // Scripted gaps, but a long pause in the middle: neither session has 8 gaps.
        clock.advance(video.timer + (i === 4 ? 11 * 60 : 0.5))
        expect((await claim(user, { dashboard_id: video.id })).status).toBe(200)
      }
      expect((await withdrawn(user)).row.status).toBe('requested')
    })
  })

  describe('unseen_claims', () => {
    /** Claims `count` videos at a person's pace; `played(i)` the play time the app reports, ms. */
    const claimVideos = async (
      user: TestUser,
      count: number,
      played: (i: number, timer: number) => number | undefined,
    ) => {
      const videos = await dashboard(user)
      expect(videos.length).toBeGreaterThanOrEqual(count)
      for (const [i, video] of videos.slice(0, count).entries()) {
        clock.advance(video.timer + 4 + (i % 3) * 7)
        const playedMs = played(i, video.timer)
        const body = playedMs === undefined ? {} : { played_ms: playedMs }
        const res = await claim(user, { dashboard_id: video.id, ...body })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
    }

    it('holds ten claims in a row none of which the app reports as played', async () => {
      const user = await payoutReadyUser()
      await claimVideos(user, 10, () => undefined)
      const held = await withdrawn(user)
      expect(held.row.status).toBe('held')
      expect(held.findings).toEqual([
        {
          rule: 'unseen_claims',
          reason:
            "None of the latest 10 claims was played in the app's player: rewards were claimed without the video being shown.",
          linked: [],
        },
      ])
    })

    it('holds claims played for well under the timer, and passes nine unplayed ones', async () => {
      const short = await payoutReadyUser()
      await claimVideos(short, 10, (_i, timer) => timer * 1000 - 1_001)
      expect((await withdrawn(short)).row.status).toBe('held')
      const nine = await payoutReadyUser()
      await claimVideos(nine, 9, () => undefined)
      expect((await withdrawn(nine)).row.status).toBe('requested')
    })

    it('passes when one of the latest claims was played for its timer (an older app before)', async () => {
      const user = await payoutReadyUser()
      await claimVideos(user, 10, (i, timer) => (i === 9 ? timer * 1000 - 1_000 : undefined))
      expect((await withdrawn(user)).row.status).toBe('requested')
    })

    it('refuses a play time that is not whole milliseconds up to a day, and credits nothing', async () => {
      const user = await payoutReadyUser()
      const [video] = await dashboard(user)
      clock.advance(video!.timer + 5)
      for (const played_ms of [-1, 1.5, 86_400_001, 'long']) {
        const res = await claim(user, { dashboard_id: video!.id, played_ms })
        expect(res.status, JSON.stringify(res.body)).toBe(400)
        expect((res.body as { code: string }).code).toBe('VALIDATION')
      }
      const ok = await claim(user, { dashboard_id: video!.id, played_ms: video!.timer * 1000 })
      expect(ok.status).toBe(200)
      const row = await api.app.db
        .selectFrom('video_rewards')
        .select('played_ms')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
      expect(row.played_ms).toBe(video!.timer * 1000)
    })
  })

  describe('switched off in the console', () => {
    it('stops holding when an operator sets a rule to 0, and holds again when it is back', async () => {
      const token = await operatorSession()
      const setRule = async (riskPayoutAccounts: number) => {
        const res = await api.call('PUT', '/api/v1/ops/rules', {
          token,
          body: { rules: { riskPayoutAccounts }, reason: 'Trying the shared payout rule' },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect((res.body.rules as Record<string, number>).riskPayoutAccounts).toBe(
          riskPayoutAccounts,
        )
      }
      const upiId = freshUpiId()
      const [a, b, c] = (await users(3)) as [TestUser, TestUser, TestUser]
      expect((await withdrawn(a, upiId)).row.status).toBe('requested')
      await setRule(0)
      try {
        expect(api.app.config.risk.riskPayoutAccounts).toBe(0)
        expect((await withdrawn(b, upiId)).row.status).toBe('requested')
      } finally {
        await setRule(DEFAULT_RISK_RULES.riskPayoutAccounts)
      }
      const held = await withdrawn(c, upiId)
      expect(held.row.status).toBe('held')
      expect(held.findings[0]!.reason).toBe(
        `3 accounts are paid to one UPI ID ${upiId}; the limit is 1.`,
      )
      const listed = await api.call('GET', '/api/v1/ops/rules', { token })
      expect((listed.body.rules as Record<string, number>).riskPayoutAccounts).toBe(2)
    })

    it('reads four spellings of one UPI ID as one payee: stored canonical, the ring held 4 of 4, found by any spelling', async () => {
      const handle = freshUpiId().split('@')[0]!
      const spellings = [
        `pay.${handle}@ybl`,
        `PAY.${handle.toUpperCase()}@YBL`,
        `Pay.${handle}@Ybl`,
        ` PAY.${handle}@ybl `,
      ]
      const canonical = `pay.${handle}@ybl`
      const ring = await users(4)
      const ids: number[] = []
      for (const [i, user] of ring.entries()) ids.push((await withdrawn(user, spellings[i])).id)
      for (const id of ids) {
        const { row, findings } = await stored(id)
        expect(row.upi_id).toBe(canonical)
        expect(row.status).toBe('held')
        expect(findings.map((f) => f.rule)).toContain('shared_payout')
      }
      const last = await stored(ids[3]!)
      expect(last.findings.find((f) => f.rule === 'shared_payout')!.reason).toBe(
        `4 accounts are paid to one UPI ID ${canonical}; the limit is 1.`,
      )
      const token = await operatorSession()
      const q = encodeURIComponent(` Pay.${handle.toUpperCase()}@YBL`)
      const found = await api.call('GET', `/api/v1/ops/withdrawals?status=all&q=${q}`, { token })
      expect(found.status, JSON.stringify(found.body)).toBe(200)
      expect((found.body.rows as { id: number }[]).map((r) => r.id).sort()).toEqual([...ids].sort())
    })

    it('refuses a risk threshold out of bounds and changes nothing', async () => {
      const token = await operatorSession()
      const res = await api.call('PUT', '/api/v1/ops/rules', {
        token,
        body: { rules: { riskDeviceAccounts: -1 }, reason: 'A negative threshold' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION', field: 'riskDeviceAccounts' })
      expect(api.app.config.risk.riskDeviceAccounts).toBe(DEFAULT_RISK_RULES.riskDeviceAccounts)
    })
  })

  it('answers a held withdrawal to the user as it answers any other (the wallet says under review)', async () => {
    const upiId = freshUpiId()
    const [a, b] = (await users(2)) as [TestUser, TestUser]
    const first = await withdraw(a, upiId)
    const second = await withdraw(b, upiId)
    expect(second.status).toBe(200)
    expect(Object.keys(second.body.data as object).sort()).toEqual(
      Object.keys(first.body.data as object).sort(),
    )
    expect((second.body.data as { status: string }).status).toBe('requested')
  })
})
