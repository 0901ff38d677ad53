/**
 * Idempotency-Key handling (docs/product.md#api): the first request with a key runs; the same key with
 * the same body later gets the first answer again (stored for good); the same key with another
 * body is refused with 422; while the first is still running, 409. Reading the header and
 * hashing the request are in idempotency-keys.ts; releasing keys a crash left in flight, in
 * server/db/abandoned-keys.ts.
 *
 * One shape, `runIdempotent`: take the key (one conditional insert), run the handler in a
 * transaction that first holds the key's row, and store the answer in that transaction, so a
 * committed credit or debit always has its answer. `refuseOnce` stores a refusal proved before
 * any transaction as the key's answer in the write that takes the key; `storedAnswer` answers a
 * used key whose row the caller read itself (the reward claim reads it with the claim).
 *
 * Which writes wait for the disk: the transactions commit with `synchronous_commit = on`. The key
 * rows written outside one (the take, and `refuseOnce`'s refusal) go through `ctx.asyncCommitDb`
 * (PostgreSQL: commits that do not wait for the WAL flush; SQLite: the same database), as losing
 * one in a crash of the database server is harmless: a key taken in flight is flushed by its
 * transaction's commit (a synchronous commit flushes all WAL before it), and lost without that
 * commit it is as if never sent; a refusal moved no money, and a retry with its key is judged
 * afresh, like any first request.
 */
import type { Tx } from '../db/index.ts'
import type { IdempotencyKeysTable } from '../db/schema/earning.ts'
import { ApiError, conflict } from '../lib/errors.ts'
import type { AppContext, ReplayNote } from '../context.ts'
import { requestHash } from './idempotency-keys.ts'
import type { ErrorBody } from '../../contract/api/common.ts'

/** An in-flight key older than this is taken to be from a crashed request and may be taken over. */
const STALE_IN_FLIGHT_MS = 60_000

/** An answer as sent to the client: HTTP status and JSON body. */
export interface StoredResponse<T = unknown> {
  status: number
  body: T
}

/** A request with its Idempotency-Key. */
export interface KeyedRequest {
  userId: number
  /** The key as stored (`readIdempotencyKey`: `client:KEY`). */
  key: string
  /** The route's name, stored with the key ('add-reward', 'add-withdraw', 'create-order'). */
  route: string
  /** The body whose hash decides "the same request" (`requestHash`). */
  body: unknown
  /** The metrics plugin's note, marked when the answer is a replay (absent: not counted). */
  note?: ReplayNote | null
}

/** A used key's row, as read to answer it. */
export type KeyRow = Omit<IdempotencyKeysTable, 'user_id' | 'key'>

/** A request's use of its key: the request, its hash and its start (ISO). */
type KeyUse = KeyedRequest & { hash: string; at: string }

/** The transaction's key row vanished before it was held (another instance's start-up released it). */
class KeyReleased extends Error {}

/**
 * Runs `handler` once per (user, key) and resolves its answer, or the stored first answer on a
 * replay. The handler runs in a transaction that first holds the key's row (so a start-up release
 * skips it) and, in it, the answer is stored. A 4xx ApiError from the handler is stored and
 * resolved as the answer too (the transaction rolled back); any other error frees the key (a
 * retry may run) and is rethrown. A key left in flight for STALE_IN_FLIGHT_MS is taken over.
 * Throws 422 IDEMPOTENCY_KEY_REUSED (the key used with another route or body) and 409
 * IDEMPOTENCY_IN_FLIGHT (the first request is still running).
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  request: KeyedRequest,
  handler: (tx: Tx) => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T | ErrorBody>> {
  const use = keyUse(ctx, request)
  const take = await takeKey(ctx, use, null)
  if (!take.taken) {
    const replay = await answerOf(ctx, take.row, use)
    if (replay) return replay as StoredResponse<T | ErrorBody>
  }
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      const held = await ctx.dialect
        .lockForUpdate(
          tx
            .selectFrom('idempotency_keys')
            .select('key')
            .where('user_id', '=', use.userId)
            .where('key', '=', use.key)
            .where('state', '=', 'in_flight'),
        )
        .executeTakeFirst()
      if (!held) throw new KeyReleased()
      const answer = await handler(tx)
      await storeAnswer(ctx, tx, use, answer)
      return answer
    })
  } catch (error) {
    // Not this request's key any more: no answer to store and no row of ours to delete.
    if (error instanceof KeyReleased) throw inFlight()
    if (error instanceof ApiError && error.statusCode < 500) {
      const answer = errorAnswer(error)
      await storeAnswer(ctx, ctx.db, use, answer)
      return answer
    }
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', use.userId)
      .where('key', '=', use.key)
      .where('state', '=', 'in_flight')
      .execute()
    throw error
  }
}

/**
 * Stores `refusal` (a 4xx proved without a transaction: from the request alone, or by a read) as
 * the first answer of the request's key, in the one write that takes the key, and resolves it. A
 * key used before answers as in `runIdempotent`: its stored answer (a replay), 422 or 409; a key
 * left in flight by a crash gets this refusal. Use only for refusals the handler would make too.
 */
export async function refuseOnce<T>(
  ctx: AppContext,
  request: KeyedRequest,
  refusal: ApiError,
): Promise<StoredResponse<T | ErrorBody>> {
  const use = keyUse(ctx, request)
  const answer = errorAnswer(refusal)
  const take = await takeKey(ctx, use, answer)
  if (take.taken) return answer
  const replay = await answerOf(ctx, take.row, use)
  if (replay) return replay as StoredResponse<T | ErrorBody>
  await storeAnswer(ctx, ctx.db, use, answer)
  return answer
}

/**
 * The answer of a used key from its row as the caller read it (`row`): the stored first answer
 * (a replay, marked on the request's note), or null when the key is still in flight (the caller
 * then runs the request through `runIdempotent`, which answers 409 or takes a stale key over).
 * Throws 422 IDEMPOTENCY_KEY_REUSED (another route or body).
 */
export function storedAnswer<T>(
  ctx: AppContext,
  request: KeyedRequest,
  row: KeyRow,
): StoredResponse<T | ErrorBody> | null {
  // What was stored is what the route answers: its handler's answer or a refusal.
  return replayOf(row, keyUse(ctx, request)) as StoredResponse<T | ErrorBody> | null
}

/** `request` with its hash and start, now. */
function keyUse(ctx: AppContext, request: KeyedRequest): KeyUse {
  return {
    ...request,
    hash: requestHash(request.route, request.body),
    at: ctx.now().toISOString(),
  }
}

/**
 * Takes the request's key unless its user already has it, with one INSERT … ON CONFLICT DO
 * NOTHING (a caught unique violation would leave a dead row and, on PostgreSQL, an aborted
 * transaction behind per replay): in flight, or done with `answer`. Resolves `{ taken: true }`,
 * or the key's row as read after (undefined when it is gone again).
 */
async function takeKey(
  ctx: AppContext,
  use: KeyUse,
  answer: StoredResponse | null,
): Promise<{ taken: true } | { taken: false; row: KeyRow | undefined }> {
  const inserted = await (ctx.asyncCommitDb ?? ctx.db)
    .insertInto('idempotency_keys')
    .values({
      user_id: use.userId,
      key: use.key,
      route: use.route,
      request_hash: use.hash,
      state: answer ? 'done' : 'in_flight',
      response_status: answer?.status ?? null,
      response_body: answer ? JSON.stringify(answer.body) : null,
      created_at: use.at,
      updated_at: use.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  if (inserted) return { taken: true }
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .select([
      'route',
      'request_hash',
      'state',
      'response_status',
      'response_body',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', use.userId)
    .where('key', '=', use.key)
    .executeTakeFirst()
  return { taken: false, row }
}

/** The stored answer of `row` for `use` (marking its note), or null while it is in flight. */
function replayOf(row: KeyRow, use: KeyUse): StoredResponse | null {
  if (row.route !== use.route || row.request_hash !== use.hash) {
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request.',
    )
  }
  if (row.state !== 'done' || row.response_status === null) return null
  if (use.note && row.created_at < use.at) use.note.replay = true
  return { status: row.response_status, body: JSON.parse(row.response_body ?? 'null') }
}

/**
 * The answer of a used key (`row`, read when taking it failed) for `use`: its stored answer, or
 * null when a stale in-flight key was taken over (the caller runs the request). Throws 422
 * IDEMPOTENCY_KEY_REUSED, 409 IDEMPOTENCY_IN_FLIGHT (no row, or the first request still running).
 */
async function answerOf(
  ctx: AppContext,
  row: KeyRow | undefined,
  use: KeyUse,
): Promise<StoredResponse | null> {
  if (!row) throw inFlight()
  const replay = replayOf(row, use)
  if (replay) return replay
  const staleBefore = new Date(Date.parse(use.at) - STALE_IN_FLIGHT_MS).toISOString()
  if (row.updated_at < staleBefore) {
    const taken = await ctx.db
      .updateTable('idempotency_keys')
      .set({ updated_at: use.at })
      .where('user_id', '=', use.userId)
      .where('key', '=', use.key)
      .where('state', '=', 'in_flight')
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 1) return null
  }
  throw inFlight()
}

/** Stores `answer` as the answer of `use`'s key, in `db` (the request's transaction, or not). */
async function storeAnswer(
  ctx: AppContext,
  db: Tx | AppContext['db'],
  use: KeyUse,
  answer: StoredResponse,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: answer.status,
      response_body: JSON.stringify(answer.body),
      updated_at: ctx.now().toISOString(),
    })
    .where('user_id', '=', use.userId)
    .where('key', '=', use.key)
    .execute()
}

/** The answer the error handler would send for `error`. */
function errorAnswer(error: ApiError): StoredResponse<ErrorBody> {
  return {
    status: error.statusCode,
    body: { message: error.message, code: error.code, ...error.extra },
  }
}

/** 409 IDEMPOTENCY_IN_FLIGHT: the first request with this key is still running. */
const inFlight = () =>
  conflict('IDEMPOTENCY_IN_FLIGHT', 'This request is still being processed. Try again shortly.')
