/**
 * The bank statement import (docs/product.md#transparency, #operators): reads a statement export (columns date, UTR,
 * amount, payer; a header row is skipped) and confirms every open order whose UTR and amount match
 * a row, listing every other row for a person to look at. Its command-line commands are in
 * statement-commands.ts. Each confirmation is `confirmOrder` as the operator's audited action: one
 * transaction with its ledger row and its audit row.
 */
import { isUtr, normalizeUtr, UTR_PATTERN } from '../../contract/utr.ts'
import type { AppContext } from '../context.ts'
import { cliActor, type Actor } from './audit.ts'
import { confirmOrderAsOperator } from './operator-actions.ts'
import { ApiError } from '../lib/errors.ts'
import type { StatementOutcome, StatementRow } from '../../contract/api/ops-files.ts'

/** One statement row as read: `amount` in rupees (paise allowed), `line` is 1-based. */
export type { StatementRow }

/** What happened to each row. */
export type RowOutcome = StatementOutcome

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
    else if (!isUtr(utr))
      bad.push({ kind: 'bad_row', line, text: raw, reason: 'the UTR is all zeros' })
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
  ctx: AppContext,
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
      // transaction.
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

/** The 1-based file line of an outcome's row. */
function lineOf(o: RowOutcome): number {
  return o.kind === 'bad_row' ? o.line : o.row.line
}
