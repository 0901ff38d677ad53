import { describe, expect, it } from 'vitest'
import { queuedWithdrawalRupees, queuedWithdrawals } from './queued-withdrawals'
import type { OutboxItem } from './outbox-types'

const item = (fields: Partial<OutboxItem>): OutboxItem => ({
  id: crypto.randomUUID(),
  kind: 'withdrawal',
  url: '/api/v1/add-withdraw/',
  body: { upi_id: 'a@upi', amount: 500 },
  idempotencyKey: 'k',
  token: null,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
  ...fields,
})

describe('queued withdrawals', () => {
  it('counts each pending withdrawal as its payout plus the transfer fee', () => {
    const items = [item({}), item({ body: { upi_id: 'a@upi', amount: 999 } })]
    expect(queuedWithdrawalRupees(items, 1)).toBe(500 + 1 + 999 + 1)
  })

  it('leaves out refused withdrawals and other kinds (they hold nothing)', () => {
    const items = [
      item({ state: 'failed' }),
      item({ kind: 'reward', body: { dashboard_id: 3 } }),
      item({ body: { upi_id: 'a@upi', amount: 'x' } }),
    ]
    expect(queuedWithdrawals(items)).toHaveLength(1)
    expect(queuedWithdrawalRupees(items, 1)).toBe(0)
  })
})
