/**
 * The operators' console's file routes (docs/product.md#operators): the bulk payout CSV, the import of the
 * bank's payout result file, and the bank statement import. A file is sent as the raw body
 * (`text/csv` or `text/plain`, up to 5 MB) and answered as an attachment.
 */
import { Type, type Static } from 'typebox'
import { Nullable, errorResponses } from './common'
import { opsAuth } from './ops'

const tags = ['operators console']
const guarded = (summary: string) => ({ tags, summary, security: opsAuth })

/** A CSV file sent as the raw body, up to 5 MB. */
export const CsvBody = {
  content: {
    'text/csv': { schema: Type.String() },
    'text/plain': { schema: Type.String() },
  },
}

/** A CSV file answered as an attachment. */
export const CsvAnswer = {
  description: 'A CSV file (attachment)',
  content: { 'text/csv': { schema: Type.String() } },
}

/** What importing one line of the bank's payout result file did. */
export const PayoutImportRow = Type.Object({
  line: Type.Integer(),
  reference: Type.String(),
  outcome: Type.Union([
    Type.Literal('paid'),
    Type.Literal('failed'),
    Type.Literal('unchanged'),
    Type.Literal('error'),
  ]),
  withdrawal_id: Nullable(Type.Integer()),
  message: Type.String(),
})
export type PayoutImportRow = Static<typeof PayoutImportRow>

/** One bank statement row as read: `amount` rupees (paise allowed), `line` 1-based. */
export const StatementRow = Type.Object({
  line: Type.Integer(),
  date: Type.String(),
  utr: Type.String(),
  amount: Type.Number(),
  payer: Type.String(),
})
export type StatementRow = Static<typeof StatementRow>

const outcome = <K extends string, P extends Parameters<typeof Type.Object>[0]>(
  kind: K,
  extra: P,
) => Type.Object({ kind: Type.Literal(kind), ...extra })
const onOrder = { row: StatementRow, order_id: Type.String() }
/** What importing one statement row did. */
export const StatementOutcome = Type.Union([
  outcome('confirmed', onOrder),
  outcome('already_confirmed', onOrder),
  outcome('amount_mismatch', { ...onOrder, order_amount: Type.Number() }),
  outcome('not_open', { ...onOrder, status: Type.String() }),
  outcome('unknown_utr', { row: StatementRow }),
  outcome('duplicate_row', { row: StatementRow }),
  outcome('bad_row', { line: Type.Integer(), text: Type.String(), reason: Type.String() }),
])
export type StatementOutcome = Static<typeof StatementOutcome>

/** Route schemas, by route. */
export const opsFileRoutes = {
  payoutsCsv: {
    ...guarded('The bulk payout CSV of every requested withdrawal'),
    response: { 200: CsvAnswer, ...errorResponses },
  },
  payoutImport: {
    ...guarded("Import the bank's payout result file (CSV body)"),
    body: CsvBody,
    response: { 200: Type.Object({ rows: Type.Array(PayoutImportRow) }), ...errorResponses },
  },
  statementImport: {
    ...guarded('Import a bank statement (CSV body): confirm orders whose UTR and amount match'),
    body: CsvBody,
    response: { 200: Type.Object({ rows: Type.Array(StatementOutcome) }), ...errorResponses },
  },
} as const
