/**
 * Held withdrawals: a withdrawal whose user a risk rule fires for (server/risk/assess.ts) is
 * stored `held` with its findings instead of going to the payout queue; its coins stay held and
 * its due date stays as promised, until an operator decides (server/ops/withdrawal-review.ts).
 */
import type { Tx } from '../db/index.ts'
import type { AppContext } from '../context.ts'
import type { RiskFinding } from '../../contract/risk-rules.ts'
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

/** The reviews of `withdrawalIds` by withdrawal id (operator's email as `operator`). */
export async function reviewsOf(
  ctx: AppContext,
  withdrawalIds: number[],
): Promise<Map<number, HoldReview>> {
  if (withdrawalIds.length === 0) return new Map()
  const rows = await ctx.db
    .selectFrom('withdrawal_reviews')
    .leftJoin('operators', 'operators.id', 'withdrawal_reviews.operator_id')
    .select([
      'withdrawal_reviews.withdrawal_id',
      'withdrawal_reviews.findings',
      'withdrawal_reviews.held_at',
      'withdrawal_reviews.decision',
      'withdrawal_reviews.coins_returned',
      'operators.email as operator',
      'withdrawal_reviews.note',
      'withdrawal_reviews.decided_at',
    ])
    .where('withdrawal_reviews.withdrawal_id', 'in', withdrawalIds)
    .execute()
  return new Map(
    rows.map((r) => [
      r.withdrawal_id,
      {
        findings: JSON.parse(r.findings) as RiskFinding[],
        held_at: r.held_at,
        decision: r.decision,
        coins_returned: r.coins_returned,
        operator: r.operator,
        note: r.note,
        decided_at: r.decided_at,
      },
    ]),
  )
}
