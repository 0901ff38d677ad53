/**
 * Idempotency-Key handling (DECISIONS §6): the first request with a key runs; the same key with
 * the same body later gets the first answer again (stored for good); the same key with another
 * body is refused with 422; while the first is still running, 409. The answer is stored in the
 * same transaction as the handler's ledger rows, so a committed credit always has its answer.
 * Reading the key, hashing the request and releasing keys a crash left in flight are in
 * idempotency-keys.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Tx } from '../db/index.ts'
import { ApiError, conflict } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { requestHash } from './idempotency-keys.ts'
import type { ErrorBody } from '../../src/shared/contract/common.ts'

/** An answer as sent to the client: HTTP status and JSON body. */
export interface StoredResponse<T = unknown> {
  status: number
  body: T
}

/** Whether a request was answered from the store: a key stored before the request began. */
export interface ReplayNote {
  replay: boolean
}

/**
 * The current request's replay note, if the metrics plugin entered one (server/plugins/metrics.ts
 * counts replays by it): `runIdempotent` marks it when it answers from the store, so counting a
 * replay costs no read of its own.
 */
export const replayNotes = new AsyncLocalStorage<ReplayNote>()

/** An in-flight key older than this is taken to be from a crashed request and may be taken over. */
const STALE_IN_FLIGHT_MS = 60_000

/** Turns a thrown ApiError into the answer the error handler would send. */
function errorResponse(error: ApiError): StoredResponse {
  return {
    status: error.statusCode,
    body: { message: error.message, code: error.code, ...error.extra },
  }
}

/**
 * Runs `handler` once per (user, key). Returns the handler's answer, or the stored first answer
 * on a replay. A 4xx ApiError from the handler is stored and returned as the answer too; any
 * other error releases the key (so a retry may run) and is rethrown.
 * `options.precheck` runs first, outside any transaction: a refusal it can prove from a plain read
 * (a reward already credited today) is stored as the key's answer in the one write that takes the
 * key, without a transaction or a user lock, which is what most repeated claims are. A key used
 * before still answers as stored (the first answer, 409 or 422). The precheck must only refuse
 * what the handler would refuse too.
 * Throws 422 IDEMPOTENCY_KEY_REUSED (other body or route) and 409 IDEMPOTENCY_IN_FLIGHT.
 */
export function runIdempotent<T>(
  ctx: AppContext,
  request: { userId: number; key: string; route: string; body: unknown },
  handler: (tx: Tx) => Promise<StoredResponse<T>>,
  options: { precheck?: () => Promise<void> } = {},
): Promise<StoredResponse<T | ErrorBody>> {
  // A replay is the JSON this function stored from the handler's answer or a refusal.
  return runStored(ctx, request, handler, options) as Promise<StoredResponse<T | ErrorBody>>
}

async function runStored(
  ctx: AppContext,
  request: { userId: number; key: string; route: string; body: unknown },
  handler: (tx: Tx) => Promise<StoredResponse>,
  options: { precheck?: () => Promise<void> },
): Promise<StoredResponse> {
  const { userId, key, route } = request
  const hash = requestHash(route, request.body)
  const startedAt = ctx.now().toISOString()
  const byKey = (tx: Tx | AppContext['db']) =>
    tx.updateTable('idempotency_keys').where('user_id', '=', userId).where('key', '=', key)
  /** Whether this request holds the key's in-flight row (taken over from a crashed request). */
  let taken = false
  if (options.precheck) {
    const refusal = await refusalOf(options.precheck)
    if (refusal) {
      // The refusal is the key's first answer: stored in the same single write that takes the key.
      const answer = errorResponse(refusal)
      const stored = await insertKey('done', answer)
      if (stored) return answer
      const replay = await existingAnswer(ctx, userId, key, route, hash, startedAt)
      if (replay) return replay
      // A stale in-flight key was taken over: run the handler, which refuses the same way.
      taken = true
    }
  }
  if (!taken && !(await insertKey('in_flight', null))) {
    const replay = await existingAnswer(ctx, userId, key, route, hash, startedAt)
    if (replay) return replay
  }

  try {
    return await ctx.db.transaction().execute(async (tx) => {
      // Holds the key's row for the transaction: start-up release skips it while this runs, and
      // a key released underneath (another instance started in between) is not run twice.
      const held = await byKey(tx)
        .set({ updated_at: startedAt })
        .where('state', '=', 'in_flight')
        .executeTakeFirst()
      if (Number(held.numUpdatedRows) !== 1) throw new KeyReleased()
      const answer = await handler(tx)
      await byKey(tx)
        .set({
          state: 'done',
          response_status: answer.status,
          response_body: JSON.stringify(answer.body),
          updated_at: ctx.now().toISOString(),
        })
        .execute()
      return answer
    })
  } catch (error) {
    // Not this request's key any more: no answer to store and no row of ours to delete.
    if (error instanceof KeyReleased) throw inFlight()
    if (error instanceof ApiError && error.statusCode < 500) return storeRefusal(error)
    await releaseKey()
    throw error
  }

  /**
   * Takes the key with one INSERT … ON CONFLICT DO NOTHING (not a caught unique violation: on
   * PostgreSQL a failed INSERT leaves a dead row and an aborted transaction behind per replay).
   * Resolves whether this request took it.
   */
  async function insertKey(
    state: 'in_flight' | 'done',
    answer: StoredResponse | null,
  ): Promise<boolean> {
    const row = await ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        route,
        request_hash: hash,
        state,
        response_status: answer?.status ?? null,
        response_body: answer ? JSON.stringify(answer.body) : null,
        created_at: startedAt,
        updated_at: startedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('user_id')
      .executeTakeFirst()
    return row !== undefined
  }

  /** Stores a 4xx refusal as the key's answer and returns it. */
  async function storeRefusal(error: ApiError): Promise<StoredResponse> {
    const answer = errorResponse(error)
    await byKey(ctx.db)
      .set({
        state: 'done',
        response_status: answer.status,
        response_body: JSON.stringify(answer.body),
        updated_at: ctx.now().toISOString(),
      })
      .execute()
    return answer
  }

  /** Frees the key after an unexpected failure, so a retry may run. */
  async function releaseKey(): Promise<void> {
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('state', '=', 'in_flight')
      .execute()
  }
}

/** The 4xx ApiError `check` throws, or null when it passes; other errors are rethrown. */
async function refusalOf(check: () => Promise<void>): Promise<ApiError | null> {
  try {
    await check()
    return null
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) return error
    throw error
  }
}

/** The stored answer for a used key; null when a stale in-flight key was taken over. */
async function existingAnswer(
  ctx: AppContext,
  userId: number,
  key: string,
  route: string,
  hash: string,
  startedAt: string,
): Promise<StoredResponse | null> {
  const row = await ctx.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst()
  if (!row) throw inFlight()
  if (row.route !== route || row.request_hash !== hash) {
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request.',
    )
  }
  if (row.state === 'done' && row.response_status !== null) {
    const note = replayNotes.getStore()
    if (note && row.created_at < startedAt) note.replay = true
    return { status: row.response_status, body: JSON.parse(row.response_body ?? 'null') }
  }
  const staleBefore = new Date(Date.parse(startedAt) - STALE_IN_FLIGHT_MS).toISOString()
  if (row.updated_at < staleBefore) {
    const taken = await ctx.db
      .updateTable('idempotency_keys')
      .set({ updated_at: startedAt })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('state', '=', 'in_flight')
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 1) return null
  }
  throw inFlight()
}

/** The key's in-flight row vanished before the handler ran (a start-up released it). */
class KeyReleased extends Error {}

/** 409 IDEMPOTENCY_IN_FLIGHT: the first request with this key is still running. */
const inFlight = () =>
  conflict('IDEMPOTENCY_IN_FLIGHT', 'This request is still being processed. Try again shortly.')
