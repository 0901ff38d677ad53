/**
 * Operator commands over UTRs and payout deadlines (docs/product.md#transparency, #operators), kept apart from commands.ts:
 *   import-statement FILE.csv   confirm every open order whose UTR and amount match a row of a bank
 *                               statement export (statement-import.ts), and list every other row
 *   payment-queue               open orders with the UTR the user entered, oldest first
 *   payout-queue                requested withdrawals by due date, oldest first, overdue flagged
 */
import fs from 'node:fs'
import { formatRupees } from '../../contract/rules.ts'
import type { AppContext } from '../context.ts'
import { UsageError } from './commands.ts'
import { listOrderQueue, listWithdrawalQueue } from './queues.ts'
import { importStatement, type RowOutcome } from './statement-import.ts'
import { allRows, renderTable } from './table.ts'

/** The usage lines of these commands. */
export const STATEMENT_USAGE = `  import-statement <FILE.csv>                           confirm open orders whose UTR and amount match the bank statement
  payment-queue                                         open orders with the user's UTR, oldest first
  payout-queue                                          requested withdrawals by due date, overdue flagged`

const LABEL: Record<RowOutcome['kind'], string> = {
  confirmed: 'confirmed',
  already_confirmed: 'already confirmed',
  amount_mismatch: 'AMOUNT MISMATCH',
  unknown_utr: 'UNKNOWN UTR',
  duplicate_row: 'DUPLICATE ROW',
  not_open: 'ORDER NOT OPEN',
  bad_row: 'BAD ROW',
}

/** The import's report: a summary line, then every row that needs a person. */
export function renderImport(outcomes: RowOutcome[]): string {
  const confirmed = outcomes.filter((o) => o.kind === 'confirmed')
  const review = outcomes.filter((o) => o.kind !== 'confirmed' && o.kind !== 'already_confirmed')
  const lines = [
    `${confirmed.length} order(s) confirmed, ${outcomes.length - confirmed.length - review.length} already confirmed, ${review.length} row(s) to look at.`,
  ]
  if (confirmed.length > 0) {
    lines.push('', 'Confirmed:')
    lines.push(
      renderTable(
        ['LINE', 'UTR', 'AMOUNT', 'ORDER', 'PAYER'],
        confirmed.map((o) =>
          o.kind === 'confirmed'
            ? [o.row.line, o.row.utr, formatRupees(o.row.amount), o.order_id, o.row.payer]
            : [],
        ),
      ),
    )
  }
  if (review.length > 0) {
    lines.push('', 'To look at:')
    lines.push(
      renderTable(
        ['LINE', 'WHAT', 'UTR', 'AMOUNT', 'ORDER', 'DETAIL'],
        review.map((o) => {
          if (o.kind === 'bad_row')
            return [o.line, LABEL[o.kind], null, null, null, `${o.reason}: ${o.text}`]
          const order = 'order_id' in o ? o.order_id : null
          const detail =
            o.kind === 'amount_mismatch'
              ? `order is ${formatRupees(o.order_amount)}`
              : o.kind === 'not_open'
                ? `order is ${o.status}`
                : o.kind === 'unknown_utr'
                  ? `no order has this UTR (payer ${o.row.payer || 'unknown'})`
                  : 'this UTR appears earlier in the file'
          return [o.row.line, LABEL[o.kind], o.row.utr, formatRupees(o.row.amount), order, detail]
        }),
      ),
    )
  }
  return lines.join('\n')
}

/** `payment-queue`: open (and expired, unconfirmed) orders with the user's UTR, oldest first. */
async function paymentQueue(ctx: AppContext): Promise<string> {
  const rows = await allRows((page) => listOrderQueue(ctx, { status: 'pending', ...page }))
  return renderTable(
    ['ORDER', 'USER', 'PURPOSE', 'AMOUNT', 'STATUS', 'USER UTR', 'CREATED'],
    rows.map((r) => [
      r.order_id,
      r.email,
      r.purpose,
      formatRupees(r.amount),
      r.status,
      r.utr,
      r.created_at,
    ]),
  )
}

/** `payout-queue`: requested withdrawals, oldest due first. */
async function renderPayoutQueue(ctx: AppContext): Promise<string> {
  const rows = await allRows((page) => listWithdrawalQueue(ctx, { status: 'requested', ...page }))
  return renderTable(
    ['ID', 'USER', 'UPI ID', 'SEND', 'DUE', 'DAYS', 'OVERDUE', 'REQUESTED'],
    rows.map((r) => [
      r.id,
      r.email,
      r.upi_id,
      formatRupees(r.amount),
      r.due_at,
      r.withdrawl_days,
      r.overdue ? 'OVERDUE' : '',
      r.created_at,
    ]),
  )
}

/**
 * Runs one of this file's commands; null when `argv[0]` is not one of them (commands.ts runs it).
 * Throws UsageError (missing or unreadable file).
 */
export async function runStatementCommand(ctx: AppContext, argv: string[]): Promise<string | null> {
  const [command, ...rest] = argv
  switch (command) {
    case 'import-statement': {
      const file = rest[0]
      if (!file) throw new UsageError('Missing argument: expected <FILE.csv>.')
      let text: string
      try {
        text = fs.readFileSync(file, 'utf8')
      } catch {
        throw new UsageError(`Cannot read ${file}.`)
      }
      return renderImport(await importStatement(ctx, text))
    }
    case 'payment-queue':
      return paymentQueue(ctx)
    case 'payout-queue':
      return renderPayoutQueue(ctx)
    default:
      return null
  }
}
