// A device the account knows gets in (docs/product.md#security), on both engines: a login answers
// with a signed device token; with the hash pool full (held here by the test, in a pool made small:
// one shared slot, one reserved, no queue), a login sending that token for that account waits for
// its lane and gets in, while logins without it (no token, another account's token, a forged one, a
// raw device id) are refused 503 HASHING_BUSY with Retry-After and check nothing.
import crypto from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { hashPool } from '../../server/lib/hash-pool.ts'
import { readDeviceToken, signDeviceToken } from '../../server/accounts/device-tokens.ts'
import { MINUTE } from './accounts-helpers.ts'

const LOGIN = '/api/v1/user/login/'

/** A hash-pool task that runs until `finish()` is called. */
function heldTask() {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { finish: () => finish(), task: () => done }
}

describe.each(ENGINES)('logins from known devices under load on %s', (engine) => {
  const api = withApi(engine, {
    authRateLimit: { max: 10_000, timeWindowMs: MINUTE },
    hashPool: { concurrency: 1, maxQueued: 0, reserved: 1 },
  })

  let ip = 0
  /** `POST /user/login/` with `headers`, from a new address each time; status, body, headers. */
  const login = async (email: string, password: string, headers: Record<string, string> = {}) => {
    const res = await api.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password },
      headers,
      remoteAddress: `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    })
    return {
      status: res.statusCode,
      body: res.json<Record<string, unknown>>(),
      headers: res.headers,
    }
  }

  it('answers a login with a device token the server signed for this account', async () => {
    const user = await createTestUser(api.app)
    const res = await login(user.email, user.pin)
    expect(res.status).toBe(200)
    const claims = readDeviceToken(api.app.deviceTokenKey, res.body.device_token, new Date())
    expect(claims).toEqual({ deviceId: expect.any(String), userIds: [user.id] })
    // The same device logging in again keeps its id.
    const again = await login(user.email, user.pin, {
      'x-device-token': String(res.body.device_token),
    })
    expect(readDeviceToken(api.app.deviceTokenKey, again.body.device_token, new Date())).toEqual(
      claims,
    )
  })

  it('lets the known device in while the pool is full and refuses every other login 503 with Retry-After', async () => {
    const owner = await createTestUser(api.app)
    const other = await createTestUser(api.app)
    const ownerToken = String((await login(owner.email, owner.pin)).body.device_token)
    const otherToken = String((await login(other.email, other.pin)).body.device_token)
    // An address with no account costs the hash of a dummy PIN, made on the first such login.
    expect((await login('nobody@example.com', '1234')).status).toBe(401)
    const forged = signDeviceToken(
      crypto.randomBytes(32),
      { deviceId: 'forged', userIds: [owner.id] },
      new Date(),
    )

    // Both slots busy: the shared one with the server's own work, the reserved one with another
    // known device's login.
    const shared = heldTask()
    const reserved = heldTask()
    const held = [
      hashPool.run(null, shared.task),
      hashPool.run('10.8.0.1', reserved.task, 'reserved'),
    ]
    expect(hashPool.load).toEqual({ running: 2, waiting: 0 })

    const known = login(owner.email, owner.pin, { 'x-device-token': ownerToken })
    await vi.waitFor(() => expect(hashPool.load.waiting).toBe(1))

    const completed = hashPool.completed
    const others = await Promise.all([
      login(owner.email, owner.pin),
      login(owner.email, owner.pin, { 'x-device-token': otherToken }),
      login(owner.email, owner.pin, { 'x-device-token': forged }),
      login(owner.email, owner.pin, { 'x-device-id': 'device-0123456789abcdef' }),
      ...Array.from({ length: 6 }, (_, n) => login(`nobody${n}@example.com`, '1234')),
    ])
    for (const res of others) {
      expect(res.status).toBe(503)
      expect(res.body.code).toBe('HASHING_BUSY')
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
    // None of them was hashed, and the known device's login still waits its turn.
    expect(hashPool.completed).toBe(completed)
    expect(hashPool.load).toEqual({ running: 2, waiting: 1 })

    shared.finish()
    reserved.finish()
    await Promise.all(held)
    const res = await known
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.access_token).toEqual(expect.any(String))
  })
})
