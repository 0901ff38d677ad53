/**
 * Calls shared by the reward API tests: fetch the dashboard's videos (which records the handout),
 * claim a reward with an Idempotency-Key, and read a user's balance and ledger rows.
 */
import crypto from 'node:crypto'
import { expect } from 'vitest'
import type { ApiHandle } from './api-app.ts'
import type { TestUser } from './users.ts'

export interface Video {
  id: number
  link: string
  redirection_link: string
  timer: number
}

/** Reward helpers bound to one test file's API handle. */
export function rewardCalls(api: ApiHandle) {
  const dashboard = async (user: TestUser, link?: string) => {
    const url = link ? `/api/v1/dashboard/?link=${encodeURIComponent(link)}` : '/api/v1/dashboard/'
    const res = await api.call('GET', url, { token: user.token })
    expect(res.status).toBe(200)
    return res.body as unknown as Video[]
  }
  const claim = (
    user: TestUser,
    body: Record<string, unknown>,
    key: string = crypto.randomUUID(),
  ) =>
    api.call('POST', '/api/v1/add-reward/', {
      token: user.token,
      body,
      headers: { 'idempotency-key': key },
    })
  /** The user's balance (coins) and views. */
  const balance = (user: TestUser) =>
    api.app.db
      .selectFrom('users')
      .select(['points', 'views'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
  const rewardRows = (user: TestUser) =>
    api.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.id).execute()
  return { dashboard, claim, balance, rewardRows }
}
