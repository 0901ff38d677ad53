import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { freshEmail, freshPhone, register, registerVerified } from './accounts-helpers.ts'

const URL = '/api/v1/user/registration/'

describe.each(ENGINES)('registration on %s', (engine) => {
  const api = withApi(engine)

  const valid = () => ({
    first_name: 'Ravi Kumar',
    phone_number: freshPhone(),
    email: freshEmail(),
    password: '1234',
  })

  it('creates an unverified user, mails a code and answers 417 with a token and request id', async () => {
    const body = valid()
    const before = api.smtp.messages.length
    const res = await api.call('POST', URL, { body })
    expect(res.status).toBe(417)
    expect(res.body.message).toBe('OTP Sent Successfully!')
    expect(res.body.access_token).toEqual(expect.any(String))
    const requestId = (res.body.otp_response as { requestId: string }).requestId
    expect(requestId).toEqual(expect.any(String))

    const code = await api.smtp.waitForCode(body.email, { after: before })
    expect(code).toMatch(/^\d{4}$/)
    const mail = api.smtp.messages
      .slice(before)
      .find((m) => m.to.includes(body.email.toLowerCase()))
    expect(mail?.raw).toContain('Subject: Your verification code')
    expect(mail?.raw).toContain(`Your code is ${code}`)

    const user = await api.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(user.email_verified).toBe(0)
    expect(user.phone_number).toBe(body.phone_number)
    expect(user.first_name).toBe('Ravi Kumar')
    expect(user.referred_by).toBeNull()
    expect(user.referral_id).toMatch(/^[A-Z0-9]{8}$/)
  })

  it('stores the PIN, the token and the code only as hashes', async () => {
    const user = await register(api, { pin: '9035' })
    const row = await api.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(row.pin_hash).toMatch(/^scrypt\$/)
    expect(row.pin_hash).not.toContain('9035')
    const tokens = await api.app.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute()
    expect(tokens).toHaveLength(1)
    expect(tokens[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(tokens[0]?.token_hash).not.toBe(user.token)
    const codes = await api.app.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute()
    expect(codes).toHaveLength(1)
    expect(codes[0]?.code_hash).toMatch(/^scrypt\$/)
    expect(codes[0]?.code_hash).not.toContain(user.code)
    expect(codes[0]?.purpose).toBe('signup')
    expect(codes[0]?.address).toBe(user.email.toLowerCase())
    expect(codes[0]?.resend_after_seconds).toBe(59)
  })

  it('gives every new user a different referral code', async () => {
    const a = await register(api)
    const b = await register(api)
    const rows = await api.app.db
      .selectFrom('users')
      .select('referral_id')
      .where('email', 'in', [a.email.toLowerCase(), b.email.toLowerCase()])
      .execute()
    expect(rows).toHaveLength(2)
    expect(rows[0]?.referral_id).not.toBe(rows[1]?.referral_id)
  })

  it('links the referrer when a known referral code is given, in any case', async () => {
    const referrer = await createTestUser(api.app)
    const friend = await register(api, { referral_id: referrer.referralId.toLowerCase() })
    const row = await api.app.db
      .selectFrom('users')
      .select('referred_by')
      .where('email', '=', friend.email.toLowerCase())
      .executeTakeFirstOrThrow()
    expect(row.referred_by).toBe(referrer.id)
  })

  it('treats an empty or null referral code as none', async () => {
    for (const referral_id of ['', null]) {
      const body = { ...valid(), referral_id }
      const res = await api.call('POST', URL, { body })
      expect(res.status).toBe(417)
      const row = await api.app.db
        .selectFrom('users')
        .select('referred_by')
        .where('email', '=', body.email.toLowerCase())
        .executeTakeFirstOrThrow()
      expect(row.referred_by).toBeNull()
    }
  })

  it('refuses an unknown referral code with 400 INVALID_REFERRAL and creates nothing', async () => {
    const body = { ...valid(), referral_id: 'NOSUCH99' }
    const res = await api.call('POST', URL, { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 'INVALID_REFERRAL', message: 'Invalid referral code.' })
    const row = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email.toLowerCase())
      .executeTakeFirst()
    expect(row).toBeUndefined()
  })

  it('refuses an email already used (any case) with 409 USER_EXISTS', async () => {
    const first = await register(api)
    const res = await api.call('POST', URL, {
      body: { ...valid(), email: first.email.toUpperCase() },
    })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      code: 'USER_EXISTS',
      message: 'Please try with different user details, user already exists.',
    })
  })

  it('refuses a phone number already used with 409 USER_EXISTS', async () => {
    const first = await register(api)
    const res = await api.call('POST', URL, { body: { ...valid(), phone_number: first.phone } })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('USER_EXISTS')
  })

  it.each([
    [
      'a name with digits',
      { first_name: 'Ravi 2' },
      'Name must be letters and spaces, up to 20 characters.',
    ],
    [
      'a name over 20 letters',
      { first_name: 'A'.repeat(21) },
      'Name must be letters and spaces, up to 20 characters.',
    ],
    ['a phone starting with 5', { phone_number: '5123456789' }, 'Invalid phone number'],
    ['a 9-digit phone', { phone_number: '912345678' }, 'Invalid phone number'],
    ['an email without a domain', { email: 'ravi@' }, 'Invalid email address'],
    ['a 3-digit PIN', { password: '123' }, 'Password must contain 4 digit only'],
    ['a PIN with letters', { password: '12a4' }, 'Password must contain 4 digit only'],
  ])('refuses %s with 400 VALIDATION and the product’s message', async (_name, change, message) => {
    const body = { ...valid(), ...change }
    const res = await api.call('POST', URL, { body })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 'VALIDATION', message })
    const count = await api.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone_number', '=', body.phone_number)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
    await api.app.background.drain()
    expect(api.smtp.mailsTo(body.email)).toEqual([])
  })

  it('refuses a body without required fields with 400 VALIDATION', async () => {
    const res = await api.call('POST', URL, { body: { email: freshEmail() } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION')
  })

  it('answers without the trailing slash too', async () => {
    const res = await api.call('POST', '/api/v1/user/registration', { body: valid() })
    expect(res.status).toBe(417)
  })

  it('lets a verified friend count for the referrer, and an unverified one not', async () => {
    const referrer = await createTestUser(api.app)
    await registerVerified(api, { referral_id: referrer.referralId })
    await register(api, { referral_id: referrer.referralId })
    const res = await api.call('GET', '/api/v1/get-user/', { token: referrer.token })
    expect(res.status).toBe(200)
    expect(res.body.referral_count).toBe(1)
  })
})
