/**
 * Lets the earning functions (confirmOrder, payWithdrawal, …), which open their own transaction
 * with `ctx.db.transaction().execute(fn)`, run inside a console action's transaction instead, so
 * the action, its ledger rows and its audit row commit together (docs/product.md#operators: one transaction
 * per action). The same functions serve the CLI and the webhook unchanged.
 */
import type { Db, Tx } from '../db/index.ts'

/**
 * A `Db` whose `transaction().execute(fn)` runs `fn` in `tx` (joining it, no nested transaction);
 * every other call goes to `tx` itself.
 */
export function joinTransaction(tx: Tx): Db {
  const joined = {
    execute: <T>(fn: (t: Tx) => Promise<T>): Promise<T> => fn(tx),
    setIsolationLevel: () => joined,
  }
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'transaction') return () => joined
      const value: unknown = Reflect.get(target, prop, target)
      // Kysely's classes keep private (#) fields: methods must run with the real object as `this`.
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value
    },
  }) as unknown as Db
}
