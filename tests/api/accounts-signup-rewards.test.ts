import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { register } from './accounts-helpers.ts'

// Rules different from the defaults prove that verification credits the app's configured rules;
// referralRewardAfterVideos 0 credits the referral rewards at verification (the default waits for
// the friend's videos: tests/api/risk-referrals.test.ts).
const RULES = {
  ...DEFAULT_RULES,
  signupBonusCoins: 700,
  referralRewardReferrerCoins: 30,
  referralRewardFriendCoins: 20,
  referralRewardAfterVideos: 0,
}

describe.each(ENGINES)('signup rewards on email verification, on %s', (engine) => {
  const api = withApi(engine, { rules: RULES })

  const points = async (token: string) =>
    (await api.call('GET', '/api/v1/get-user/', { token })).body.points

  it('credits nothing before the email is verified', async () => {
    const user = await register(api)
    expect(await points(user.token)).toBe(0)
  })

  it('credits the signup bonus once when the email is verified', async () => {
    const user = await register(api)
    const res = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: user.code, request_id: user.requestId },
      token: user.token,
    })
    expect(res.status).toBe(200)
    expect(await points(user.token)).toBe(700)
    const again = await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: user.code, request_id: user.requestId },
      token: user.token,
    })
    expect(again.body.code).toBe('OTP_USED')
    expect(await points(user.token)).toBe(700)
  })

  it('credits the referral reward to both sides when a referred friend verifies, with referralRewardAfterVideos 0', async () => {
    const referrer = await createTestUser(api.app)
    const friend = await register(api, { referral_id: referrer.referralId })
    expect(await points(referrer.token)).toBe(0)
    await api.call('POST', '/api/v1/verify-otp-after-signup/', {
      body: { otp: friend.code, request_id: friend.requestId },
    })
    expect(await points(friend.token)).toBe(720)
    expect(await points(referrer.token)).toBe(30)
  })
})
