/**
 * Bulk payouts (docs/product.md#operators): the requested withdrawals exported as a bank bulk-payout CSV (UPI
 * ID, amount, reference), and the bank's result file imported to mark each withdrawal paid (with
 * the UTR) or failed (with the reason), through payWithdrawal/failWithdrawal with an audit row
 * each, one transaction per row. Importing a row twice changes nothing: paying again with the same
 * UTR and failing a failed withdrawal are no-ops (and write no audit row).
 */
import type { AppContext } from '../context.ts'
import { EXPORT_STATEMENT_TIMEOUT_MS, type Db } from '../db/index.ts'
import { ApiError } from '../lib/errors.ts'
import { csvExactField, csvField, writeAudit, type Actor } from './audit.ts'
import { failWithdrawalAsOperator, payWithdrawalAsOperator } from './operator-actions.ts'
import { splitCsvLine } from './statement-import.ts'
import type { PayoutImportRow } from '../../contract/api/ops-files.ts'

/** The payout reference of withdrawal `id` as the bank file carries it: `WEW` + id. */
function payoutReference(id: number): string {
  return `WEW${id}`
}

/** The withdrawal id of a payout reference, or null. */
function withdrawalIdOf(reference: string): number | null {
  const m = /^WEW(\d{1,12})$/i.exec(reference.trim())
  return m ? Number(m[1]) : null
}

/** The bulk-payout file's columns (a header line first, CRLF line ends). */
const PAYOUT_COLUMNS = ['upi_id', 'amount', 'reference', 'name', 'remarks'] as const

/**
 * The requested withdrawals, oldest due first, as the bank's bulk-payout CSV: UPI ID (exactly as
 * stored, RFC 4180-quoted when needed; docs/product.md#security), amount in rupees with two decimals (what the
 * user receives; the transfer fee is already taken), the reference the result file must carry
 * back, the user's name and a remark (those two guarded against spreadsheet formulas). The export
 * is audited (`payouts.export`, how many rows). Returns the CSV text and the row count.
 */
export async function exportPayouts(
  ctx: AppContext,
  actor: Actor,
): Promise<{ csv: string; count: number }> {
  // An export may read every requested withdrawal: it runs under the exports' longer limit.
  return ctx.dialect.withStatementTimeout(ctx.db, EXPORT_STATEMENT_TIMEOUT_MS, (db) =>
    exportPayoutsIn(ctx, db, actor),
  )
}

/** exportPayouts on `db` (the export's transaction on PostgreSQL). */
async function exportPayoutsIn(
  ctx: AppContext,
  db: Db,
  actor: Actor,
): Promise<{ csv: string; count: number }> {
  const rows = await db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .select([
      'withdrawals.id',
      'withdrawals.upi_id',
      'withdrawals.amount',
      'users.first_name',
      'withdrawals.due_at',
    ])
    .where('withdrawals.status', '=', 'requested')
    .orderBy('withdrawals.due_at')
    .orderBy('withdrawals.id')
    .execute()
  // The stored UPI ID, canonical (trimmed, lower-case; migration 017), goes to the bank byte for
  // byte (docs/product.md#withdrawals): quoted when it needs it, never prefixed. checkUpiId lets
  // no stored ID start with a formula's first character; an older row that does is quoted.
  const lines = rows.map((r) => {
    const rest = [
      r.amount.toFixed(2),
      payoutReference(r.id),
      r.first_name,
      `Watch Earn payout ${r.id}`,
    ]
    return [csvExactField(r.upi_id), ...rest.map(csvField)].join(',')
  })
  await writeAudit(
    db,
    actor,
    {
      action: 'payouts.export',
      entity: 'withdrawals',
      entityId: null,
      after: { count: rows.length, ids: rows.map((r) => r.id) },
    },
    ctx.now(),
  )
  return { csv: [PAYOUT_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n', count: rows.length }
}

/** What importing one line of the bank's result file did. */
export type { PayoutImportRow }

const PAID = new Set(['success', 'successful', 'paid', 'completed', 'processed'])
const FAILED = new Set(['failed', 'failure', 'rejected', 'returned', 'reversed'])

/**
 * Imports the bank's result file: a header line naming the columns `reference`, `status`, `utr`
 * and optionally `amount` and `reason` (any order, any case), then one line per payout. A paid
 * status (SUCCESS, PAID, COMPLETED, …) with a UTR marks the withdrawal paid; a failed one
 * (FAILED, REJECTED, RETURNED, …) marks it failed with the reason (the coins return). A line with
 * an amount that differs from the withdrawal's, an unknown reference or a conflict (e.g. paid
 * with another UTR) is reported as `error` and changes nothing. Throws 400 VALIDATION when the
 * header lacks a column.
 */
export async function importPayoutResults(
  ctx: AppContext,
  actor: Actor,
  text: string,
): Promise<PayoutImportRow[]> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase().replace(/[^a-z]/g, ''))
  const col = (name: string) => header.indexOf(name)
  if (col('reference') < 0 || col('status') < 0 || col('utr') < 0) {
    throw new ApiError(
      400,
      'VALIDATION',
      'The result file needs a header with reference, status and utr columns.',
    )
  }
  const out: PayoutImportRow[] = []
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    if (!raw.trim()) continue
    const f = splitCsvLine(raw)
    const get = (name: string) => (col(name) >= 0 ? (f[col(name)] ?? '').trim() : '')
    const reference = get('reference')
    const row = { line: i + 1, reference, withdrawal_id: withdrawalIdOf(reference) }
    const id = row.withdrawal_id
    if (id === null) {
      out.push({
        ...row,
        outcome: 'error',
        message: `Unknown reference ${reference || '(empty)'}.`,
      })
      continue
    }
    const status = get('status').toLowerCase()
    try {
      const w = await ctx.db
        .selectFrom('withdrawals')
        .select(['amount'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!w) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}.`)
      const amountText = get('amount').replace(/₹|INR|,|\s/gi, '')
      if (amountText && Number(amountText) !== w.amount) {
        out.push({
          ...row,
          outcome: 'error',
          message: `Amount ${amountText} is not the withdrawal's ₹${w.amount}.`,
        })
        continue
      }
      if (PAID.has(status)) {
        const r = await payWithdrawalAsOperator(
          ctx,
          actor,
          id,
          get('utr'),
          'bank payout result file',
        )
        out.push({
          ...row,
          outcome: r.unchanged ? 'unchanged' : 'paid',
          message: r.unchanged ? 'Already paid with this UTR.' : `Paid (${get('utr')}).`,
        })
      } else if (FAILED.has(status)) {
        const reason = get('reason') || `bank says ${status}`
        const r = await failWithdrawalAsOperator(
          ctx,
          actor,
          id,
          reason.length < 3 ? `bank: ${reason}` : reason,
        )
        out.push({
          ...row,
          outcome: r.unchanged ? 'unchanged' : 'failed',
          message: r.unchanged ? 'Already failed.' : `Failed: ${reason}.`,
        })
      } else {
        out.push({
          ...row,
          outcome: 'error',
          message: `Unknown status ${get('status') || '(empty)'}.`,
        })
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      out.push({ ...row, outcome: 'error', message: `${error.message} (${error.code})` })
    }
  }
  return out
}
