/**
 * The audit trail (docs/product.md#operators): every operator action is one row of `audit_log` (who, what, which
 * row, before/after, reason, when, from where), written in the same database transaction as the
 * action itself, so an action and its audit row exist together or not at all. The table is
 * append-only (migration 006's triggers refuse UPDATE and DELETE).
 */
import os from 'node:os'
import { sql } from 'kysely'
import { formatIndianNumber } from '../../contract/rules.ts'
import { EXPORT_STATEMENT_TIMEOUT_MS, type Db, type SqlDialect, type Tx } from '../db/index.ts'
import type { AuditRow } from '../../contract/api/ops-content.ts'

/** Who acts: a console operator (with the request's IP) or the command line. */
export interface Actor {
  /** Null for the command line. */
  operatorId: number | null
  /** The operator's email, or `cli:<os user>`. */
  actor: string
  ip: string | null
}

/** The audit actor of the command line: `cli:<os user>`. */
export function cliActor(): Actor {
  let user = 'unknown'
  try {
    user = os.userInfo().username
  } catch {
    // no passwd entry (some containers): keep 'unknown'
  }
  return { operatorId: null, actor: `cli:${user}`, ip: null }
}

/** One action to record. `before`/`after` are the row's JSON-able state (null: none). */
export interface AuditEntry {
  action: string
  entity: string
  entityId: string | number | null
  before?: unknown
  after?: unknown
  reason?: string | null
}

/** Writes one audit row in `tx` at `now`; returns its id. */
export async function writeAudit(
  tx: Tx | Db,
  actor: Actor,
  entry: AuditEntry,
  now: Date,
): Promise<number> {
  const row = await tx
    .insertInto('audit_log')
    .values({
      operator_id: actor.operatorId,
      actor: actor.actor,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before:
        entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason?.slice(0, 500) || null,
      ip: actor.ip,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** An audit row as the console lists it: `before`/`after` parsed back from JSON. */
export type { AuditRow }

/** Filters of the audit list; every one optional. `beforeId` pages backwards (newest first). */
export interface AuditFilter {
  action?: string
  entity?: string
  entityId?: string
  actor?: string
  beforeId?: number
  /** 1–10,000, default 50. */
  limit?: number
}

/**
 * A before/after longer than this many bytes is left out of the console's list (a payout
 * export's after names every withdrawal it sent: 5,000 ids are 30 KB, and a page of 50 such rows
 * made the list a megabyte); the audit CSV carries it whole.
 */
export const AUDIT_LIST_DETAIL_MAX = 4_000

/**
 * The audit rows matching `filter`, newest first. With `whole` false (the console's list), a
 * before or after longer than AUDIT_LIST_DETAIL_MAX bytes is answered as
 * `{ omitted: "N bytes: see the audit CSV" }` without being read; the CSV passes true.
 */
export async function listAudit(
  db: Db,
  filter: AuditFilter = {},
  whole = false,
): Promise<AuditRow[]> {
  const detail = (column: 'before' | 'after') =>
    whole
      ? sql<string | null>`${sql.ref(column)}`
      : sql<
          string | null
        >`case when octet_length(${sql.ref(column)}) > ${AUDIT_LIST_DETAIL_MAX} then null else ${sql.ref(column)} end`
  let q = db
    .selectFrom('audit_log')
    .select([
      'id',
      'actor',
      'action',
      'entity',
      'entity_id',
      detail('before').as('before'),
      detail('after').as('after'),
      sql<number | null>`octet_length(before)`.as('before_length'),
      sql<number | null>`octet_length(after)`.as('after_length'),
      'reason',
      'ip',
      'created_at',
    ])
    .orderBy('id', 'desc')
  if (filter.action) q = q.where('action', '=', filter.action)
  if (filter.entity) q = q.where('entity', '=', filter.entity)
  if (filter.entityId) q = q.where('entity_id', '=', filter.entityId)
  if (filter.actor) q = q.where('actor', '=', filter.actor.toLowerCase())
  if (filter.beforeId) q = q.where('id', '<', filter.beforeId)
  const limit = Math.min(10_000, Math.max(1, Math.floor(filter.limit ?? 50)))
  const rows = await q.limit(limit).execute()
  const parsed = (text: string | null, length: number | null): unknown => {
    if (text !== null) return JSON.parse(text) as unknown
    if (length === null) return null
    return { omitted: `${formatIndianNumber(Number(length))} bytes: see the audit CSV` }
  }
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    before: parsed(r.before, r.before_length),
    after: parsed(r.after, r.after_length),
    reason: r.reason,
    ip: r.ip,
    created_at: r.created_at,
  }))
}

/**
 * A first character that makes a spreadsheet read a cell as a formula (OWASP's CSV injection
 * list: `=`, `+`, `-`, `@`, tab, CR; with LF, NUL and the full-width `＝＋－＠` that some
 * spreadsheets read as their ASCII forms).
 */
const FORMULA_START = /^[=+\-@\t\r\n\0\uff1d\uff0b\uff0d\uff20]/

/** `text` as a quoted CSV field (RFC 4180): in double quotes, each inner quote doubled. */
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`

/**
 * One CSV field (RFC 4180) for text a person reads: null and undefined as empty, non-strings as
 * JSON, and a leading `'` on text a spreadsheet would run as a formula (FORMULA_START: `=`, `+`,
 * `-`, `@`, tab, CR, …), so the file is safe to open. Quoted when it holds `"`, `,` or a line
 * break. The text is stored as typed; only the file carries the `'` (docs/product.md#security).
 */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? quoted(text) : text
}

/**
 * One CSV field (RFC 4180) that holds `text` byte for byte, for values a machine reads back and
 * must get unchanged (the UPI IDs of a bulk-payout file; docs/product.md#security). Never prefixed: text with
 * `"`, `,`, a line break, or a formula's first character is quoted instead, so a reader that
 * follows RFC 4180 gets exactly `text`.
 */
export function csvExactField(text: string): string {
  return /[",\r\n]/.test(text) || FORMULA_START.test(text) ? quoted(text) : text
}

/**
 * The audit rows of `filter` with their whole before/after details, for the CSV export: under the
 * exports' longer statement limit (EXPORT_STATEMENT_TIMEOUT_MS), as an export may read many rows.
 */
export function exportAudit(
  database: { db: Db; dialect: SqlDialect },
  filter: AuditFilter,
): Promise<AuditRow[]> {
  return database.dialect.withStatementTimeout(database.db, EXPORT_STATEMENT_TIMEOUT_MS, (db) =>
    listAudit(db, filter, true),
  )
}

/** The audit rows as CSV (header line first, CRLF line ends). */
export function auditCsv(rows: AuditRow[]): string {
  const header = [
    'id',
    'created_at',
    'actor',
    'action',
    'entity',
    'entity_id',
    'reason',
    'ip',
    'before',
    'after',
  ]
  const lines = rows.map((r) =>
    [
      r.id,
      r.created_at,
      r.actor,
      r.action,
      r.entity,
      r.entity_id,
      r.reason,
      r.ip,
      r.before,
      r.after,
    ]
      .map(csvField)
      .join(','),
  )
  return [header.join(','), ...lines].join('\r\n') + '\r\n'
}
