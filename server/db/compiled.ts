/**
 * Queries of the hot paths compiled once per database instead of on every request. Building a
 * Kysely query and compiling it to SQL costs the API's CPU per call (a claim's facts are eight
 * subqueries); a query whose shape never changes only needs its parameters filled in. The SQL
 * text stays the same, so PostgreSQL's named statements (named-statements.ts) apply as before.
 */
import type { Compilable, CompiledQuery, QueryResult } from 'kysely'
import type { Db, Tx } from './index.ts'

/** Marks a parameter's place in the compiled query: never a value a request sends. */
const MARK = '\u0000compiled-parameter:'

/** `compiledOnce`'s placeholder maker for the parameters `P`. */
export type CompiledParam<P> = <K extends keyof P & string>(name: K) => P[K]

/** A query of fixed shape, run with `params`: the compiled query's result (rows, counts). */
export type CompiledRunner<P, R> = (db: Db | Tx, params: P) => Promise<QueryResult<R>>

/**
 * Compiles `build`'s query once per database (per dialect adapter; a transaction shares its
 * database's) and returns a runner that fills in the parameters. `build` names each parameter
 * with `param('name')` (a placeholder typed as the value it stands for) and must build the same
 * shape for every value: no branches, lists or row counts that depend on a parameter. Anything
 * else it passes (constants such as `limit(1)`) is compiled in. Throws at the first run when a
 * named parameter does not appear in the compiled query as itself.
 */
export function compiledOnce<P extends Record<string, unknown>, R>(
  build: (db: Db, param: CompiledParam<P>) => Compilable<R>,
): CompiledRunner<P, R> {
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; names: Array<string | null> }>()
  return async (db, params) => {
    const adapter = db.getExecutor().adapter
    let entry = compiled.get(adapter)
    if (!entry) {
      const named = new Set<string>()
      const param = <K extends keyof P & string>(name: K) => {
        named.add(name)
        return `${MARK}${name}` as P[K]
      }
      const query = build(db as Db, param).compile()
      const names = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : null,
      )
      for (const name of named) {
        if (!names.includes(name))
          throw new Error(`parameter ${name} is not in the query as itself`)
      }
      entry = { query, names }
      compiled.set(adapter, entry)
    }
    const { query, names } = entry
    const parameters = query.parameters.map((p, i) => {
      const name = names[i]
      return name === null || name === undefined ? p : params[name]
    })
    return db.executeQuery<R>({ ...query, parameters })
  }
}
