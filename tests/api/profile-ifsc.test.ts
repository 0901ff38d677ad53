import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi, withIfscStandIn } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { closedPortUrl } from '../helpers/ifsc-stand-in.ts'
import { lookupIfsc } from '../../server/profile/ifsc-lookup.ts'

describe.each(ENGINES)('IFSC lookup on %s', (engine) => {
  describe('with the IFSC service reachable', () => {
    const standIn = withIfscStandIn()
    let user: TestUser
    const api = withApi(engine, {
      get ifscApiUrl() {
        return standIn.url
      },
    })
    beforeAll(async () => {
      user = await createTestUser(api.app)
    })

    it('answers BANK and BRANCH from the service, then from the cache without asking it again', async () => {
      const first = await api.call('GET', '/api/v1/ifsc/HDFC0000001', { token: user.token })
      expect(first.status).toBe(200)
      expect(first.body).toEqual({
        IFSC: 'HDFC0000001',
        BANK: 'HDFC Bank',
        BRANCH: 'SANDOZ HOUSE',
        source: 'service',
      })
      expect(standIn.hits.get('HDFC0000001')).toBe(1)

      const second = await api.call('GET', '/api/v1/ifsc/HDFC0000001/', { token: user.token })
      expect(second.status).toBe(200)
      expect(second.body).toEqual({
        IFSC: 'HDFC0000001',
        BANK: 'HDFC Bank',
        BRANCH: 'SANDOZ HOUSE',
        source: 'cache',
      })
      expect(standIn.hits.get('HDFC0000001')).toBe(1)
    })

    it('keeps the service’s whole answer in ifsc_cache', async () => {
      await api.call('GET', '/api/v1/ifsc/SBIN0000691', { token: user.token })
      const row = await api.app.db
        .selectFrom('ifsc_cache')
        .selectAll()
        .where('ifsc', '=', 'SBIN0000691')
        .executeTakeFirstOrThrow()
      expect(row.bank).toBe('State Bank of India')
      expect(row.branch).toBe('NEW DELHI MAIN BRANCH')
      expect(JSON.parse(row.raw)).toMatchObject({ MICR: '110002087', IFSC: 'SBIN0000691' })
    })

    it('uppercases a lowercase code before asking', async () => {
      const res = await api.call('GET', '/api/v1/ifsc/sbin0000691', { token: user.token })
      expect(res.status).toBe(200)
      expect(res.body.IFSC).toBe('SBIN0000691')
    })

    it('answers 404 IFSC_NOT_FOUND when the service answers 404 "Not Found", and caches nothing', async () => {
      const res = await api.call('GET', '/api/v1/ifsc/HDFC0999999', { token: user.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({
        code: 'IFSC_NOT_FOUND',
        message: 'Invalid IFSC code or bank details not found.',
      })
      expect(standIn.hits.get('HDFC0999999')).toBe(1)
      const row = await api.app.db
        .selectFrom('ifsc_cache')
        .select('ifsc')
        .where('ifsc', '=', 'HDFC0999999')
        .executeTakeFirst()
      expect(row).toBeUndefined()
    })

    it.each(['HDFC1000001', 'HDF00000001', 'HDFC00000', 'HDFC0000001X', 'HDFC00000@1'])(
      'refuses the malformed code %s with 400 without asking the service',
      async (code) => {
        const res = await api.call('GET', `/api/v1/ifsc/${encodeURIComponent(code)}`, {
          token: user.token,
        })
        expect(res.status).toBe(400)
        expect(res.body).toEqual({ code: 'VALIDATION', message: 'Invalid IFSC code format' })
        expect(standIn.hits.get(code.toUpperCase())).toBeUndefined()
      },
    )

    it('needs a token', async () => {
      const res = await api.call('GET', '/api/v1/ifsc/HDFC0000001')
      expect(res.status).toBe(401)
    })
  })

  describe('with the IFSC service unreachable (a closed port)', () => {
    let url = ''
    let user: TestUser
    beforeAll(async () => {
      url = await closedPortUrl()
    })
    const api = withApi(engine, {
      get ifscApiUrl() {
        return url
      },
    })
    beforeAll(async () => {
      user = await createTestUser(api.app)
    })

    it('names the bank from the ifsc package’s data, with an empty branch and source bundled', async () => {
      const res = await api.call('GET', '/api/v1/ifsc/HDFC0000001', { token: user.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        IFSC: 'HDFC0000001',
        BANK: 'HDFC Bank',
        BRANCH: '',
        source: 'bundled',
      })
      const other = await api.call('GET', '/api/v1/ifsc/SBIN0000691', { token: user.token })
      expect(other.body).toEqual({
        IFSC: 'SBIN0000691',
        BANK: 'State Bank of India',
        BRANCH: '',
        source: 'bundled',
      })
    })

    it('names the bank of a sublet code after the bank it serves, not the first four letters', async () => {
      // APBL0001001 is run by Andhra Pradesh State Co-operative Bank for a district bank (sublet.json).
      const res = await api.call('GET', '/api/v1/ifsc/APBL0001001', { token: user.token })
      expect(res.status).toBe(200)
      expect(res.body.source).toBe('bundled')
      expect(res.body.BANK).not.toBe('')
      expect(res.body.BANK).toBe(
        (
          (await import('ifsc/src/banknames.json', { with: { type: 'json' } })).default as Record<
            string,
            string
          >
        ).TSDX,
      )
    })

    it('answers 404 IFSC_NOT_FOUND for a bank code the bundled data does not know', async () => {
      const res = await api.call('GET', '/api/v1/ifsc/QQQQ0000001', { token: user.token })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('IFSC_NOT_FOUND')
    })

    it('does not cache a bundled answer', async () => {
      await api.call('GET', '/api/v1/ifsc/HDFC0000001', { token: user.token })
      const rows = await api.app.db.selectFrom('ifsc_cache').select('ifsc').execute()
      expect(rows).toEqual([])
    })

    it('saves bank details with the bundled bank name and an empty branch', async () => {
      const save = await api.call('POST', '/api/v1/bank-details/', {
        token: user.token,
        body: { account_number: '998877', ifsc: 'SBIN0000691', account_holder: 'Ravi Kumar' },
      })
      expect(save.status).toBe(200)
      const read = await api.call('GET', '/api/v1/bank-details/', { token: user.token })
      expect(read.body).toEqual({
        data: {
          data: {
            acc_no: '998877',
            ifsc: 'SBIN0000691',
            holder_name: 'RAVI KUMAR',
            bank: 'State Bank of India',
            branch: '',
          },
        },
      })
    })

    it('prefers a stale cached answer over the bundled data', async () => {
      await api.app.db
        .insertInto('ifsc_cache')
        .values({
          ifsc: 'UTIB0000004',
          bank: 'Axis Bank',
          branch: 'AHMEDABAD',
          raw: '{}',
          fetched_at: new Date(Date.now() - 365 * 86_400_000).toISOString(),
        })
        .execute()
      const res = await api.call('GET', '/api/v1/ifsc/UTIB0000004', { token: user.token })
      expect(res.body).toEqual({
        IFSC: 'UTIB0000004',
        BANK: 'Axis Bank',
        BRANCH: 'AHMEDABAD',
        source: 'cache',
      })
    })

    it('gives up on a service that never answers after the timeout and uses the bundled data', async () => {
      const silent = http.createServer(() => {})
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      const { port } = silent.address() as AddressInfo
      try {
        const started = Date.now()
        const answer = await lookupIfsc(api.app.db, 'KKBK0000958', {
          serviceUrl: `http://127.0.0.1:${port}`,
          timeoutMs: 300,
        })
        expect(answer).toEqual({
          IFSC: 'KKBK0000958',
          BANK: 'Kotak Mahindra Bank',
          BRANCH: '',
          source: 'bundled',
        })
        expect(Date.now() - started).toBeLessThan(3000)
      } finally {
        silent.closeAllConnections()
        await new Promise<void>((resolve) => silent.close(() => resolve()))
      }
    })
  })
})
