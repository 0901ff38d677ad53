/**
 * Idempotency-Key handling (DECISIONS §6): the first request with a key runs; the same key with
 * the same body later gets the first answer again (stored for good); the same key with another
 * body is refused with 422; while the first is still running, 409. The answer is stored in the
 * same transaction as the handler's ledger rows, so a committed credit always has its answer.
 * Hashing the request and releasing keys a crash left in flight are in idempotency-keys.ts;
 * taking a key, and a precheck's probe, in idempotency-take.ts; holding a key and storing its
 * answer in idempotency-hold.ts (their users import them from there).
 *
 * Which writes wait for the disk: every transaction here commits with `synchronous_commit = on`;
 * the key rows taken outside one do not (idempotency-take.ts says why that is safe).
 */
import type { Tx } from '../db/index.ts'
import type { ReplayNote } from '../plugins/metrics.ts'
import { ApiError, conflict } from '../lib/errors.ts'
import type { AppContext } from '../context.ts'
import { requestHash } from './idempotency-keys.ts'
import { keyRow, takeKey, type KeyRow, type Precheck, type Probed } from './idempotency-take.ts'
import {
  holdKeyIn,
  KeyReleased,
  storeAnswer,
  type HandlerAnswer,
  type KeyHold,
  type StoredResponse,
} from './idempotency-hold.ts'
import type { ErrorBody } from '../../contract/api/common.ts'

/** An in-flight key older than this is taken to be from a crashed request and may be taken over. */
const STALE_IN_FLIGHT_MS = 60_000

/**
 * What `runIdempotent`'s `options.optimistic` resolves when its one write wrote nothing because
 * the row it had read moved meanwhile: the precheck's probe then runs again (`RefusalProbe.refuse`)
 * before the handler's transaction, since what moved the row may be the very refusal the probe
 * proves (a reward credited by another claim of the same video).
 */
export const ROW_MOVED = Symbol('row moved')

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
 * `options.precheck` runs first, outside any transaction: it throws the refusals the request alone
 * proves (a 4xx ApiError) and returns the probe of a refusal one read proves (a reward already
 * credited today; `Precheck`). Either refusal is stored as the key's answer by the one write that
 * takes the key, without a transaction or a user lock, which is what most repeated claims are; on
 * PostgreSQL the probe's read, the key's INSERT and the read of a used key are one statement. A
 * key used before still answers as stored (the first answer, 409 or 422). The precheck must only
 * refuse what the handler would refuse too.
 * The handler runs in a transaction that first holds the key's row (`holdKey`); with
 * `options.handlerHoldsKey` the handler holds it itself, in its own first statement (`holdKey` as
 * a WITH clause, or `holdKeyIn`), and throws `KeyReleased` when that held no row.
 * `options.optimistic`, when given, runs first instead, with the key in flight but held by no
 * transaction, and with the precheck probe's facts (`Probed<F>`, read in the statement that took
 * the key; undefined when no such statement took it): it resolves an answer it stored itself, in
 * the one statement that wrote its effects (`answerStored`), or null to run the handler's
 * transaction after all; it throws as the handler does (a 4xx ApiError is stored as the answer,
 * `KeyReleased`); or `ROW_MOVED` when its write found the row it read moved, and then, when
 * the precheck's probe (PostgreSQL) now has rows, the refusal is stored as the key's answer in the
 * statement that finds them (`RefusalProbe.refuse`, no transaction) and returned; otherwise the
 * handler's transaction runs.
 * Throws 422 IDEMPOTENCY_KEY_REUSED (other body or route) and 409 IDEMPOTENCY_IN_FLIGHT.
 */
export function runIdempotent<T, F = object>(
  ctx: AppContext,
  request: { userId: number; key: string; route: string; body: unknown; note?: ReplayNote | null },
  handler: (tx: Tx, hold: KeyHold) => Promise<HandlerAnswer<T>>,
  options: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's own probe parameters
    precheck?: () => Precheck<any, F>
    handlerHoldsKey?: boolean
    optimistic?: (
      hold: KeyHold,
      probed: Probed<F> | undefined,
    ) => Promise<HandlerAnswer<T> | typeof ROW_MOVED | null>
  } = {},
): Promise<StoredResponse<T | ErrorBody>> {
  // A replay is the JSON this function stored from the handler's answer or a refusal.
  return runStored(ctx, request, handler, options as RunOptions) as Promise<
    StoredResponse<T | ErrorBody>
  >
}

/** `runIdempotent`'s options as `runStored` runs them, whatever the route's types. */
type RunOptions = {
  precheck?: () => Precheck<Record<string, unknown>, Record<string, unknown>>
  handlerHoldsKey?: boolean
  optimistic?: (
    hold: KeyHold,
    probed: Probed<Record<string, unknown>> | undefined,
  ) => Promise<HandlerAnswer<unknown> | typeof ROW_MOVED | null>
}

async function runStored(
  ctx: AppContext,
  request: { userId: number; key: string; route: string; body: unknown; note?: ReplayNote | null },
  handler: (tx: Tx, hold: KeyHold) => Promise<HandlerAnswer<unknown>>,
  options: RunOptions,
): Promise<StoredResponse> {
  const { userId, key, route } = request
  const hash = requestHash(route, request.body)
  const startedAt = ctx.now().toISOString()
  /** This request's key and its start (ISO): the row it takes, and what a used key is judged by. */
  const newKey = { userId, key, route, hash, at: startedAt }
  /** Whether this request holds the key's in-flight row (taken over from a crashed request). */
  let taken = false
  /** The precheck probe's facts, read by the statement that took the key in flight. */
  let probed: Probed<Record<string, unknown>> | undefined
  /** PostgreSQL: the precheck that took the key in flight, and its refusal as stored (JSON). */
  let probedBy: {
    check: Precheck<Record<string, unknown>, Record<string, unknown>>
    answer: StoredResponse
    json: string
  } | null = null
  if (options.precheck) {
    let refusal: ApiError | null = null
    let check: Precheck<Record<string, unknown>, Record<string, unknown>> | null = null
    try {
      check = options.precheck()
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
      refusal = error
    }
    if (check && ctx.engine === 'postgres') {
      // One statement: the probe, the key taken (refused: with the refusal as its answer) or read.
      const answer = errorResponse(check.refusal)
      const json = JSON.stringify(answer.body)
      const [result] = (
        await check.probe.take(ctx.asyncCommitDb ?? ctx.db, {
          ...check.params,
          ...newKey,
          status: answer.status,
          body: json,
        })
      ).rows
      if (result?.taken === 'done') return answer
      if (result?.taken === 'in_flight') {
        taken = true
        probed = result
        probedBy = { check, answer, json }
      } else {
        const existing = result?.state != null ? (result as KeyRow) : await keyRow(ctx, userId, key)
        const replay = await answerOf(ctx, existing, newKey, request.note)
        if (replay) return replay
        // A stale in-flight key was taken over: run the handler, which refuses as it must.
        taken = true
      }
    } else if (check && (await check.probe.read(ctx.db, check.params)).rows.length > 0) {
      refusal = check.refusal
    }
    if (refusal) {
      // The refusal is the key's first answer: stored in the same single write that takes the key.
      const answer = errorResponse(refusal)
      const json = JSON.stringify(answer.body)
      const take = await takeKey(ctx, {
        ...newKey,
        state: 'done',
        status: answer.status,
        body: json,
      })
      if (take.taken) return answer
      const replay = await answerOf(ctx, take.existing, newKey, request.note)
      if (replay) return replay
      // A stale in-flight key was taken over: run the handler, which refuses the same way.
      taken = true
    }
  }
  if (!taken) {
    const take = await takeKey(ctx, { ...newKey, state: 'in_flight', status: null, body: null })
    if (!take.taken) {
      const replay = await answerOf(ctx, take.existing, newKey, request.note)
      if (replay) return replay
    }
  }

  const hold = { userId, key, at: startedAt }
  try {
    const done = await options.optimistic?.(hold, probed)
    if (done === ROW_MOVED) {
      if (probedBy && (await refusedSince(probedBy))) return probedBy.answer
    } else if (done) {
      if (!done.answerStored) throw new Error('an optimistic answer must be stored with its writes')
      const { answerStored: _, ...answer } = done
      return answer
    }
    return await ctx.db.transaction().execute(async (tx) => {
      // Holds the key's row for the transaction: start-up release skips it while this runs, and
      // a key released underneath (another instance started in between) is not run twice.
      if (!options.handlerHoldsKey) await holdKeyIn(tx, hold)
      const { answerStored, ...answer } = await handler(tx, hold)
      if (!answerStored) await storeAnswer(tx, answerRow(answer)).execute()
      return answer
    })
  } catch (error) {
    // Not this request's key any more: no answer to store and no row of ours to delete.
    if (error instanceof KeyReleased) throw inFlight()
    if (error instanceof ApiError && error.statusCode < 500) return storeRefusal(error)
    await releaseKey()
    throw error
  }

  /** `answer` as `storeAnswer` writes it for this key, now. */
  function answerRow(answer: StoredResponse) {
    const json = JSON.stringify(answer.body)
    return { userId, key, status: answer.status, json, at: ctx.now().toISOString() }
  }

  /**
   * Runs the precheck's probe again for this in-flight key and, when it has rows now, stores the
   * refusal as the key's answer in the same statement, through the pool of key rows as the take
   * (idempotency-take.ts says why no flush is awaited); whether it did.
   */
  async function refusedSince(by: NonNullable<typeof probedBy>): Promise<boolean> {
    const { rows } = await by.check.probe.refuse(ctx.asyncCommitDb ?? ctx.db, {
      ...by.check.params,
      userId,
      key,
      at: ctx.now().toISOString(),
      status: by.answer.status,
      body: by.json,
    })
    return rows.length > 0
  }

  /** Stores a 4xx refusal as the key's answer and returns it. */
  async function storeRefusal(error: ApiError): Promise<StoredResponse> {
    const answer = errorResponse(error)
    await storeAnswer(ctx.db, answerRow(answer)).execute()
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

/**
 * The stored answer of a used key (`row`, as read when taking it failed) for this use of it,
 * marking `note` when it is a replay; null when a stale in-flight key was taken over (the caller
 * runs the handler). Throws 422
 * IDEMPOTENCY_KEY_REUSED (another route or body), 409 IDEMPOTENCY_IN_FLIGHT (no row visible yet,
 * or the first request still running).
 */
async function answerOf(
  ctx: AppContext,
  row: KeyRow | undefined,
  use: { userId: number; key: string; route: string; hash: string; at: string },
  note: ReplayNote | null | undefined,
): Promise<StoredResponse | null> {
  const { userId, key, route, hash, at: startedAt } = use
  if (!row) throw inFlight()
  if (row.route !== route || row.request_hash !== hash) {
    throw new ApiError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request.',
    )
  }
  if (row.state === 'done' && row.response_status !== null) {
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

/** 409 IDEMPOTENCY_IN_FLIGHT: the first request with this key is still running. */
const inFlight = () =>
  conflict('IDEMPOTENCY_IN_FLIGHT', 'This request is still being processed. Try again shortly.')
