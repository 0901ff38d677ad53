/**
 * Operator commands over UTRs and payout deadlines (DECISIONS §4, §8; issue 13), kept apart from
 * commands.ts:
 *   import-statement FILE.csv   confirm every open order whose UTR and amount match a row of a bank
 *                               statement export (columns date, UTR, amount, payer; a header row
 *                               is skipped), and list every other row for a person to look at
 *   payment-queue               open orders with the UTR the user entered, oldest first
 *   payout-queue                requested withdrawals by due date, oldest first, overdue flagged
 * Each confirmation is `confirmOrder` as the operator's audited action: one transaction with its
 * ledger row and its audit row (issue 17).
 */
import fs from 'node:fs'
import { formatRupees } from '../../src/shared/rules.ts'
import { normalizeUtr, UTR_PATTERN } from '../../src/shared/utr.ts'
import type { EarningContext } from '../earning/context.ts'
import { cliActor, type Actor } from './audit.ts'
import { confirmOrderAsOperator } from './operator-actions.ts'
import { visibleStatus } from '../earning/order-view.ts'
import { payoutQueue } from '../earning/withdrawals.ts'
import { ApiError } from '../lib/errors.ts'
import { UsageError } from './commands.ts'
import { renderTable } from './table.ts'

/** The usage lines of these commands. */
export const STATEMENT_USAGE = `  import-statement <FILE.csv>                           confirm open orders whose UTR and amount match the bank statement
  payment-queue                                         open orders with the user's UTR, oldest first
  payout-queue                                          requested withdrawals by due date, overdue flagged`

/** One statement row as read: `amount` in rupees (paise allowed), `line` is 1-based. */
export interface StatementRow {
  line: number
  date: string
  utr: string
  amount: number
  payer: string
}

/** What happened to each row. */
export type RowOutcome =
  | { kind: 'confirmed'; row: StatementRow; order_id: string }
  | { kind: 'already_confirmed'; row: StatementRow; order_id: string }
  | { kind: 'amount_mismatch'; row: StatementRow; order_id: string; order_amount: number }
  | { kind: 'unknown_utr'; row: StatementRow }
  | { kind: 'duplicate_row'; row: StatementRow }
  | { kind: 'not_open'; row: StatementRow; order_id: string; status: string }
  | { kind: 'bad_row'; line: number; text: string; reason: string }

/** Splits one CSV line into fields (double quotes, "" inside quotes). */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      fields.push(field.trim())
      field = ''
    } else field += c
  }
  fields.push(field.trim())
  return fields
}

/** Reads "₹1,999.00", "1999", "INR 99" as rupees; NaN when it is not an amount. */
function parseAmount(text: string): number {
  const clean = text.replace(/₹|INR|Rs\.?|,|\s/gi, '')
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Number(clean) : Number.NaN
}

/**
 * Parses a statement export: one row per line, `date, UTR, amount, payer`; blank lines and a
 * header (a first line whose UTR column is not 12 digits and whose amount is not a number) are
 * skipped. Rows that cannot be read come back as `bad_row` outcomes.
 */
export function parseStatement(text: string): { rows: StatementRow[]; bad: RowOutcome[] } {
  const rows: StatementRow[] = []
  const bad: RowOutcome[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1
    if (!raw.trim()) return
    const [date = '', utrText = '', amountText = '', ...payer] = splitCsvLine(raw)
    const utr = normalizeUtr(utrText)
    const amount = parseAmount(amountText)
    if (index === 0 && !UTR_PATTERN.test(utr) && Number.isNaN(amount)) return // header
    if (!UTR_PATTERN.test(utr))
      bad.push({ kind: 'bad_row', line, text: raw, reason: 'the UTR is not 12 digits' })
    else if (Number.isNaN(amount))
      bad.push({ kind: 'bad_row', line, text: raw, reason: 'the amount is not a number' })
    else rows.push({ line, date, utr, amount, payer: payer.join(', ') })
  })
  return { rows, bad }
}

/**
 * Matches statement rows to orders by UTR and confirms each open order whose amount equals the
 * row's (`confirmOrder`, one transaction each, with `actor`'s audit row: the command line's by
 * default). A UTR seen twice in the file is confirmed once and its later rows listed as
 * duplicates; importing the same file again confirms nothing new.
 */
export async function importStatement(
  ctx: EarningContext,
  text: string,
  actor: Actor = cliActor(),
): Promise<RowOutcome[]> {
  const { rows, bad } = parseStatement(text)
  const outcomes: RowOutcome[] = [...bad]
  const seen = new Set<string>()
  for (const row of rows) {
    if (seen.has(row.utr)) {
      outcomes.push({ kind: 'duplicate_row', row })
      continue
    }
    seen.add(row.utr)
    const order = await ctx.db
      .selectFrom('orders')
      .select(['order_id', 'amount', 'status', 'utr', 'expires_at', 'upi_reference'])
      .where('utr', '=', row.utr)
      .executeTakeFirst()
    if (!order) {
      outcomes.push({ kind: 'unknown_utr', row })
      continue
    }
    if (order.status === 'confirmed') {
      outcomes.push({ kind: 'already_confirmed', row, order_id: order.order_id })
      continue
    }
    if (order.status !== 'pending') {
      outcomes.push({ kind: 'not_open', row, order_id: order.order_id, status: order.status })
      continue
    }
    if (Number(order.amount) !== row.amount) {
      outcomes.push({
        kind: 'amount_mismatch',
        row,
        order_id: order.order_id,
        order_amount: Number(order.amount),
      })
      continue
    }
    try {
      // The operator's own confirmation: the order, its ledger row and the audit row in one
      // transaction (issue 17).
      await confirmOrderAsOperator(
        ctx,
        actor,
        order.order_id,
        row.utr,
        `bank statement import, line ${row.line}`,
      )
      outcomes.push({ kind: 'confirmed', row, order_id: order.order_id })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      outcomes.push({ kind: 'not_open', row, order_id: order.order_id, status: error.code })
    }
  }
  return outcomes.sort((a, b) => lineOf(a) - lineOf(b))
}

function lineOf(o: RowOutcome): number {
  return o.kind === 'bad_row' ? o.line : o.row.line
}

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
async function paymentQueue(ctx: EarningContext): Promise<string> {
  const rows = await ctx.db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.order_id',
      'users.email',
      'orders.purpose',
      'orders.amount',
      'orders.status',
      'orders.utr',
      'orders.utr_submitted_at',
      'orders.created_at',
      'orders.expires_at',
    ])
    .where('orders.status', '=', 'pending')
    .orderBy('orders.id')
    .execute()
  const now = ctx.now()
  return renderTable(
    ['ORDER', 'USER', 'PURPOSE', 'AMOUNT', 'STATUS', 'USER UTR', 'CREATED'],
    rows.map((r) => [
      r.order_id,
      r.email,
      r.purpose,
      formatRupees(r.amount),
      visibleStatus(r, now),
      r.utr,
      r.created_at,
    ]),
  )
}

/** `payout-queue`: requested withdrawals, oldest due first. */
async function renderPayoutQueue(ctx: EarningContext): Promise<string> {
  const rows = await payoutQueue(ctx)
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
export async function runStatementCommand(
  ctx: EarningContext,
  argv: string[],
): Promise<string | null> {
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
