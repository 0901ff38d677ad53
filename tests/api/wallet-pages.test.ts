// The wallet's withdrawals and payments (orders) paged by keyset cursor through the whole history
// (docs/product.md#transparency, #scale), on both engines: every row reachable past the first page, newest first, no
// page overlapping or skipping another, the last page's cursor null, another user's rows never in,
// and a bad cursor a 400 VALIDATION `{ message, code }` that changes nothing.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'
import { WALLET_PAGE } from '../../server/earning/wallet.ts'

/** More than two default pages of each list. */
const ROWS = WALLET_PAGE * 2 + 5
const HOUR_MS = 3_600_000

interface WalletData {
  entries: Array<{ id: number }>
  withdrawals: Array<{ id: number; status: string }>
  orders: Array<{ order_id: string; status: string }>
  next?: string | null
  withdrawals_next?: string | null
  orders_next?: string | null
}

describe.each(ENGINES)('wallet pages on %s', (engine) => {
  const api = withApi(engine)
  const start = Date.now() - 30 * 24 * HOUR_MS
  const at = (i: number) => new Date(start + i * HOUR_MS).toISOString()

  /**
   * `ROWS` withdrawals and orders of `user`, interleaved with as many of `other`'s, oldest first;
   * the oldest order an unpaid one past its expiry. Returns `user`'s withdrawal ids and order ids,
   * newest first.
   */
  const history = async (user: TestUser, other: TestUser) => {
    const owners = Array.from({ length: ROWS * 2 }, (_, i) => (i % 2 === 0 ? user : other))
    await api.app.db
      .insertInto('withdrawals')
      .values(
        owners.map((owner, i) => ({
          user_id: owner.id,
          upi_id: 'ravi.kumar@okaxis',
          amount: 99,
          fee: 1,
          coins: 10_000,
          status: 'paid' as const,
          upi_reference: `UTR${i}`,
          reason: null,
          idempotency_key: `client:w${i}`,
          created_at: at(i),
          updated_at: at(i),
          withdrawl_days: 3,
          due_at: at(i + 72),
        })),
      )
      .execute()
    await api.app.db
      .insertInto('orders')
      .values(
        owners.map((owner, i) => ({
          order_id: `ORD${owner.id}X${i}`,
          user_id: owner.id,
          amount: 99,
          purpose: 'platform_fee' as const,
          membership_plan_id: null,
          status: i === 0 ? ('pending' as const) : ('confirmed' as const),
          upi_reference: null,
          reason: null,
          idempotency_key: `client:o${i}`,
          created_at: at(i),
          updated_at: at(i),
          expires_at: at(i + 24),
          utr: i === 0 ? null : String(100_000_000_000 + owner.id * 10_000 + i),
          utr_submitted_at: null,
        })),
      )
      .execute()
    const withdrawals = await api.app.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .execute()
    const orders = await api.app.db
      .selectFrom('orders')
      .select('order_id')
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .execute()
    return { withdrawals: withdrawals.map((w) => w.id), orders: orders.map((o) => o.order_id) }
  }

  const wallet = async (user: TestUser, query = '') => {
    const res = await api.call('GET', `/api/v1/wallet/${query}`, { token: user.token })
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    return res.body.data as WalletData
  }

  it('reaches every withdrawal and payment past the first page, page by page, newest first', async () => {
    const user = await createTestUser(api.app)
    const other = await createTestUser(api.app)
    const expected = await history(user, other)

    const first = await wallet(user)
    expect(first.withdrawals).toHaveLength(WALLET_PAGE)
    expect(first.orders).toHaveLength(WALLET_PAGE)
    expect(first.withdrawals_next).toEqual(expect.any(String))
    expect(first.orders_next).toEqual(expect.any(String))

    const withdrawalIds = first.withdrawals.map((w) => w.id)
    const withdrawalPages = [first.withdrawals.length]
    let cursor = first.withdrawals_next
    while (cursor) {
      const page = await wallet(user, `?withdrawals_before=${cursor}`)
      // Only the list asked for: the others empty and without their cursor.
      expect(page).toMatchObject({ entries: [], orders: [] })
      expect(page).not.toHaveProperty('next')
      expect(page).not.toHaveProperty('orders_next')
      withdrawalIds.push(...page.withdrawals.map((w) => w.id))
      withdrawalPages.push(page.withdrawals.length)
      cursor = page.withdrawals_next
    }
    expect(cursor).toBeNull()
    expect(withdrawalPages).toEqual([WALLET_PAGE, WALLET_PAGE, 5])
    expect(withdrawalIds).toEqual(expected.withdrawals)

    const orderIds = first.orders.map((o) => o.order_id)
    const orderPages = [first.orders.length]
    let last: WalletData | null = null
    cursor = first.orders_next
    while (cursor) {
      last = await wallet(user, `?orders_before=${cursor}`)
      expect(last).toMatchObject({ entries: [], withdrawals: [] })
      expect(last).not.toHaveProperty('withdrawals_next')
      orderIds.push(...last.orders.map((o) => o.order_id))
      orderPages.push(last.orders.length)
      cursor = last.orders_next
    }
    expect(cursor).toBeNull()
    expect(orderPages).toEqual([WALLET_PAGE, WALLET_PAGE, 5])
    expect(orderIds).toEqual(expected.orders)
    // An older page shows an order as the first page would: unpaid past its expiry, 'expired'.
    expect(last?.orders.at(-1)?.status).toBe('expired')
  })

  it('pages by `limit` rows, each list by its own cursor in one request, the last cursor null', async () => {
    const user = await createTestUser(api.app)
    const other = await createTestUser(api.app)
    const expected = await history(user, other)
    const first = await wallet(user, '?limit=150')
    expect(first.withdrawals.map((w) => w.id)).toEqual(expected.withdrawals.slice(0, 150))
    expect(first.orders.map((o) => o.order_id)).toEqual(expected.orders.slice(0, 150))
    const second = await wallet(
      user,
      `?limit=150&withdrawals_before=${first.withdrawals_next}&orders_before=${first.orders_next}`,
    )
    expect(second.entries).toEqual([])
    expect(second).not.toHaveProperty('next')
    expect(second.withdrawals.map((w) => w.id)).toEqual(expected.withdrawals.slice(150))
    expect(second.orders.map((o) => o.order_id)).toEqual(expected.orders.slice(150))
    expect([second.withdrawals_next, second.orders_next]).toEqual([null, null])
  })

  it('gives a short history whole on the first page, every cursor null', async () => {
    const user = await createTestUser(api.app)
    expect(await wallet(user)).toMatchObject({
      withdrawals: [],
      orders: [],
      next: null,
      withdrawals_next: null,
      orders_next: null,
    })
  })

  it('refuses a bad cursor with 400 VALIDATION and changes nothing', async () => {
    const user = await createTestUser(api.app)
    const other = await createTestUser(api.app)
    await history(user, other)
    const before = await wallet(user)
    for (const query of [
      'withdrawals_before=abc',
      'withdrawals_before=',
      'withdrawals_before=-5',
      'orders_before=1e3',
      'orders_before=1234567890123456',
      'orders_before=ORD1',
    ]) {
      const res = await api.call('GET', `/api/v1/wallet/?${query}`, { token: user.token })
      expect(res.status, query).toBe(400)
      expect(res.body, query).toMatchObject({ code: 'VALIDATION', message: expect.any(String) })
    }
    expect(await wallet(user)).toEqual(before)
  })
})
