/**
 * Held withdrawals: a withdrawal whose user a risk rule fires for (server/risk/assess.ts) is
 * stored `held` with its findings instead of going to the payout queue; its coins stay held and
 * its due date stays as promised, until an operator decides (server/ops/withdrawal-review.ts).
 */
import type { Tx } from '../db/index.ts'
import type { RiskFinding, RiskRules } from '../../contract/risk-rules.ts'
import { assessRisk } from './assess.ts'
import type { HoldReview } from '../../contract/api/risk.ts'

/** Stores why withdrawal `withdrawalId` of `userId` is held, in the request's transaction. */
export async function recordHold(
  tx: Tx,
  withdrawalId: number,
  userId: number,
  findings: RiskFinding[],
  at: Date,
): Promise<void> {
  await tx
    .insertInto('withdrawal_reviews')
    .values({
      withdrawal_id: withdrawalId,
      user_id: userId,
      findings: JSON.stringify(findings),
      held_at: at.toISOString(),
      decision: null,
      coins_returned: null,
      operator_id: null,
      note: null,
      decided_at: null,
    })
    .execute()
}

/**
 * The columns of a withdrawal's review, for a query that left-joins `withdrawal_reviews` and its
 * deciding `operators` row to `withdrawals`; `reviewOf` reads them back.
 */
export const REVIEW_COLUMNS = [
  'withdrawal_reviews.withdrawal_id as review_of',
  'withdrawal_reviews.findings as review_findings',
  'withdrawal_reviews.held_at as review_held_at',
  'withdrawal_reviews.decision as review_decision',
  'withdrawal_reviews.coins_returned as review_coins_returned',
  'operators.email as review_operator',
  'withdrawal_reviews.note as review_note',
  'withdrawal_reviews.decided_at as review_decided_at',
] as const

/** The review in a row selected with REVIEW_COLUMNS, or null when the withdrawal was never held. */
export function reviewOf(row: {
  review_of: number | null
  review_findings: string | null
  review_held_at: string | null
  review_decision: HoldReview['decision']
  review_coins_returned: number | null
  review_operator: string | null
  review_note: string | null
  review_decided_at: string | null
}): HoldReview | null {
  if (row.review_of === null || row.review_findings === null || row.review_held_at === null) {
    return null
  }
  return {
    findings: JSON.parse(row.review_findings) as RiskFinding[],
    held_at: row.review_held_at,
    decision: row.review_decision,
    coins_returned: row.review_coins_returned,
    operator: row.review_operator,
    note: row.review_note,
    decided_at: row.review_decided_at,
  }
}

/**
 * After a withdrawal is held, the still-requested withdrawals of the accounts its findings link by
 * device, UPI ID or bank account are read again and held too when a rule now fires for them: the
 * first account of a ring paid to one UPI ID was alone when it asked, so nothing fired then.
 * Skips withdrawals an operator already reviewed. Resolves the ids held now. In the request's
 * transaction; the coins stay as they are (held either way).
 */
export async function holdLinkedWithdrawals(
  tx: Tx,
  risk: RiskRules,
  findings: RiskFinding[],
  at: Date,
): Promise<number[]> {
  const linked = new Set<number>()
  for (const f of findings) {
    for (const l of f.linked) {
      if (l.link === 'device' || l.link === 'upi_id' || l.link === 'bank_account') {
        linked.add(l.user_id)
      }
    }
  }
  if (linked.size === 0) return []
  const waiting = await tx
    .selectFrom('withdrawals')
    .leftJoin('withdrawal_reviews', 'withdrawal_reviews.withdrawal_id', 'withdrawals.id')
    .select(['withdrawals.id', 'withdrawals.user_id', 'withdrawals.upi_id'])
    .where('withdrawals.user_id', 'in', [...linked])
    .where('withdrawals.status', '=', 'requested')
    .where('withdrawal_reviews.withdrawal_id', 'is', null)
    .limit(100)
    .execute()
  const held: number[] = []
  for (const w of waiting) {
    const again = await assessRisk(tx, risk, w.user_id, { upiId: w.upi_id })
    if (again.length === 0) continue
    const moved = await tx
      .updateTable('withdrawals')
      .set({ status: 'held', updated_at: at.toISOString() })
      .where('id', '=', w.id)
      .where('status', '=', 'requested')
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) === 0) continue
    await recordHold(tx, w.id, w.user_id, again, at)
    held.push(w.id)
  }
  return held
}
