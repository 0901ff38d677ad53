/**
 * The writes on an Idempotency-Key's row inside a request's work (DECISIONS §6), for
 * idempotency.ts `runIdempotent` and the handlers that fold them into their own statements:
 * holding the in-flight row for a transaction (`holdKey`, `holdKeyIn`) and storing the answer
 * (`storeAnswer`).
 */
import type { QueryCreator } from 'kysely'
import type { Tx } from '../db/index.ts'
import type { Database } from '../db/schema/index.ts'

/** An answer as sent to the client: HTTP status and JSON body. */
export interface StoredResponse<T = unknown> {
  status: number
  body: T
}

/**
 * A handler's answer: `answerStored` when the handler's own last write already stored it as the
 * key's answer (`storeAnswer`, as part of one statement with its ledger rows on PostgreSQL), so
 * `runIdempotent` does not send that write again.
 */
export type HandlerAnswer<T> = StoredResponse<T> & { answerStored?: boolean }

/**
 * The write that stores an answer (HTTP status, JSON text of the body) as the answer of
 * `userId`'s `key` (state done, at the ISO time `at`), built on `qc` (a database, a transaction,
 * or the query creator of a WITH clause) and not yet sent.
 */
export function storeAnswer(
  qc: QueryCreator<Database>,
  answer: { userId: number; key: string; status: number; json: string; at: string },
) {
  return qc
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: answer.status,
      response_body: answer.json,
      updated_at: answer.at,
    })
    .where('user_id', '=', answer.userId)
    .where('key', '=', answer.key)
}

/** The key a request holds in its transaction: its user, the key as stored, the ISO time. */
export interface KeyHold {
  userId: number
  key: string
  at: string
}

/**
 * The write that holds `hold`'s in-flight key row for the caller's transaction (its lock), built
 * on `qc` (a transaction or the query creator of a WITH clause) and not yet sent: it touches
 * `updated_at` and updates no row when the key is no longer in flight (released underneath).
 */
export function holdKey(qc: QueryCreator<Database>, hold: KeyHold) {
  return qc
    .updateTable('idempotency_keys')
    .set({ updated_at: hold.at })
    .where('user_id', '=', hold.userId)
    .where('key', '=', hold.key)
    .where('state', '=', 'in_flight')
}

/**
 * Holds `hold`'s key in `tx` (`holdKey`). Throws `KeyReleased` when its in-flight row is gone (a
 * start-up of another instance released it): `runIdempotent` then answers 409 IDEMPOTENCY_IN_FLIGHT.
 */
export async function holdKeyIn(tx: Tx, hold: KeyHold): Promise<void> {
  const held = await holdKey(tx, hold).executeTakeFirst()
  if (Number(held.numUpdatedRows) !== 1) throw new KeyReleased()
}

/** The key's in-flight row vanished before the handler ran (a start-up released it). */
export class KeyReleased extends Error {}
