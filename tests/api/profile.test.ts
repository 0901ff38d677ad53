import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, withIfscStandIn } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { SEED_PARTNERS } from '../../server/db/seeds/profile.ts'

describe.each(ENGINES)('profile routes on %s', (engine) => {
  const standIn = withIfscStandIn()
  const api = withApi(engine, {
    get ifscApiUrl() {
      return standIn.url
    },
  })

  async function userRow(id: number) {
    return api.app.db
      .selectFrom('users')
      .select(['first_name', 'phone_number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  describe('PATCH /edit-profile/', () => {
    it('saves the trimmed name and the phone number of the token user', async () => {
      const user = await createTestUser(api.app, { firstName: 'Old Name' })
      const other = await createTestUser(api.app, { firstName: 'Other Person' })
      const phone = `7${user.phone.slice(1)}`
      const res = await api.call('PATCH', '/api/v1/edit-profile/', {
        token: user.token,
        body: { first_name: '  Asha Rao ', phone_number: phone },
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        message: 'Profile updated successfully!',
        data: { first_name: 'Asha Rao', phone_number: phone },
      })
      expect(await userRow(user.id)).toEqual({ first_name: 'Asha Rao', phone_number: phone })
      expect(await userRow(other.id)).toEqual({
        first_name: 'Other Person',
        phone_number: other.phone,
      })
    })

    it('answers without the trailing slash too', async () => {
      const user = await createTestUser(api.app)
      const res = await api.call('PATCH', '/api/v1/edit-profile', {
        token: user.token,
        body: { first_name: 'Ravi', phone_number: user.phone },
      })
      expect(res.status).toBe(200)
    })

    it.each([
      ['a name with digits', { first_name: 'Asha 2' }],
      ['a name shorter than 3 letters', { first_name: 'Al' }],
      ['a name longer than 30 letters', { first_name: 'A'.repeat(31) }],
      ['a missing name', {}],
    ])('refuses %s with the product’s message and changes nothing', async (_label, patch) => {
      const user = await createTestUser(api.app, { firstName: 'Kept Name' })
      const res = await api.call('PATCH', '/api/v1/edit-profile/', {
        token: user.token,
        body: { phone_number: '8123456789', ...patch },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        code: 'VALIDATION',
        message: 'Invalid name. Only alphabets allowed, 3-30 characters.',
      })
      expect(await userRow(user.id)).toEqual({ first_name: 'Kept Name', phone_number: user.phone })
    })

    it.each([
      ['9 digits', '912345678'],
      ['a first digit below 6', '5123456789'],
      ['letters', '98765abcde'],
      ['11 digits', '98765432101'],
    ])(
      'refuses a phone of %s with the product’s message and changes nothing',
      async (_label, phone) => {
        const user = await createTestUser(api.app, { firstName: 'Kept Name' })
        const res = await api.call('PATCH', '/api/v1/edit-profile/', {
          token: user.token,
          body: { first_name: 'New Name', phone_number: phone },
        })
        expect(res.status).toBe(400)
        expect(res.body).toEqual({
          code: 'VALIDATION',
          message: 'Invalid phone number. Must be 10 digits starting with 6-9.',
        })
        expect(await userRow(user.id)).toEqual({
          first_name: 'Kept Name',
          phone_number: user.phone,
        })
      },
    )

    it('refuses a phone number another account uses with 409 PHONE_TAKEN and changes nothing', async () => {
      const user = await createTestUser(api.app, { firstName: 'Kept Name' })
      const other = await createTestUser(api.app)
      const res = await api.call('PATCH', '/api/v1/edit-profile/', {
        token: user.token,
        body: { first_name: 'New Name', phone_number: other.phone },
      })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        code: 'PHONE_TAKEN',
        message: 'This phone number is already used by another account.',
      })
      expect(await userRow(user.id)).toEqual({ first_name: 'Kept Name', phone_number: user.phone })
    })

    it('needs a token', async () => {
      const res = await api.call('PATCH', '/api/v1/edit-profile/', {
        body: { first_name: 'New Name', phone_number: '9123456789' },
      })
      expect(res.status).toBe(401)
    })
  })

  describe('bank details', () => {
    it('answers null before any are saved', async () => {
      const user = await createTestUser(api.app)
      const res = await api.call('GET', '/api/v1/bank-details/', { token: user.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: { data: null } })
    })

    it('saves the details with the bank and branch the IFSC resolves to, and reads them back', async () => {
      const user = await createTestUser(api.app)
      const save = await api.call('POST', '/api/v1/bank-details/', {
        token: user.token,
        body: {
          account_number: '50100123456789',
          ifsc: 'hdfc0000001',
          account_holder: ' asha  rao ',
        },
      })
      expect(save.status).toBe(200)
      expect(save.body).toEqual({ message: 'Bank details saved.' })
      const read = await api.call('GET', '/api/v1/bank-details/', { token: user.token })
      expect(read.status).toBe(200)
      expect(read.body).toEqual({
        data: {
          data: {
            acc_no: '50100123456789',
            ifsc: 'HDFC0000001',
            holder_name: 'ASHA RAO',
            bank: 'HDFC Bank',
            branch: 'SANDOZ HOUSE',
          },
        },
      })
    })

    it('replaces the saved details on a second save, one row per user', async () => {
      const user = await createTestUser(api.app)
      for (const [account, ifsc] of [
        ['1111', 'HDFC0000001'],
        ['2222', 'SBIN0000691'],
      ] as const) {
        const res = await api.call('POST', '/api/v1/bank-details/', {
          token: user.token,
          body: { account_number: account, ifsc, account_holder: 'ASHA RAO' },
        })
        expect(res.status).toBe(200)
      }
      const read = await api.call('GET', '/api/v1/bank-details/', { token: user.token })
      expect(read.body.data).toMatchObject({
        data: { acc_no: '2222', bank: 'State Bank of India' },
      })
      const rows = await api.app.db
        .selectFrom('bank_details')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      expect(rows).toHaveLength(1)
    })

    it('shows each user only their own details', async () => {
      const owner = await createTestUser(api.app)
      const stranger = await createTestUser(api.app)
      await api.call('POST', '/api/v1/bank-details/', {
        token: owner.token,
        body: { account_number: '123456', ifsc: 'HDFC0000001', account_holder: 'OWNER' },
      })
      const res = await api.call('GET', '/api/v1/bank-details/', { token: stranger.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: { data: null } })
    })

    it.each([
      ['a missing field', { account_holder: '' }, 'VALIDATION', 'Please fill out all fields.'],
      [
        'an account number with letters',
        { account_number: '12ab34' },
        'VALIDATION',
        'Account number must be digits only, up to 16.',
      ],
      [
        'a 17-digit account number',
        { account_number: '1'.repeat(17) },
        'VALIDATION',
        'Account number must be digits only, up to 16.',
      ],
      ['a malformed IFSC', { ifsc: 'HDFC1234567' }, 'VALIDATION', 'Invalid IFSC code format'],
      [
        'an IFSC the service does not know',
        { ifsc: 'HDFC0999999' },
        'IFSC_NOT_FOUND',
        'Invalid IFSC code or bank details not found.',
      ],
    ])('refuses %s with 400 and saves nothing', async (_label, patch, code, message) => {
      const user = await createTestUser(api.app)
      const res = await api.call('POST', '/api/v1/bank-details/', {
        token: user.token,
        body: {
          account_number: '123456',
          ifsc: 'HDFC0000001',
          account_holder: 'ASHA RAO',
          ...patch,
        },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ code, message })
      const rows = await api.app.db
        .selectFrom('bank_details')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      expect(rows).toHaveLength(0)
    })

    it('needs a token to read or save', async () => {
      expect((await api.call('GET', '/api/v1/bank-details/')).status).toBe(401)
      expect((await api.call('POST', '/api/v1/bank-details/', { body: {} })).status).toBe(401)
    })
  })

  describe('GET /our-partners/', () => {
    it('lists the seeded partners in order without a token, each with a WebP logo under /partners/', async () => {
      const res = await api.app.inject('/api/v1/our-partners/')
      expect(res.statusCode).toBe(200)
      const partners = res.json() as Array<{ id: number; name: string; logo: string; link: string }>
      expect(partners.map(({ name, logo, link }) => ({ name, logo, link }))).toEqual([
        ...SEED_PARTNERS,
      ])
      for (const partner of partners) {
        expect(partner.id).toEqual(expect.any(Number))
        expect(partner.logo).toMatch(/^\/partners\/[a-z-]+\.webp$/)
      }
    })

    it('seeds nothing twice when the seeder runs again', async () => {
      const { seedProfile } = await import('../../server/db/seeds/profile.ts')
      await seedProfile(api.app.db)
      const res = await api.call('GET', '/api/v1/our-partners')
      expect(res.status).toBe(200)
      expect(res.body).toHaveLength(SEED_PARTNERS.length)
    })
  })
})
