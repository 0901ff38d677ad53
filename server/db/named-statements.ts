/**
 * Named prepared statements for PostgreSQL. Kysely sends every query unnamed, so the server
 * parses and plans each one anew on every call; the hot paths (token lookup, a claim's facts, the
 * dashboard's read) are the same few texts again and again. `NamingClient` is the pool's client:
 * it names each parameterized text by its hash, so each connection parses it once and PostgreSQL
 * may keep its plan (a generic plan after five runs, when it costs no more than a custom one).
 */
import crypto from 'node:crypto'
import pg from 'pg'

/**
 * The most texts one connection names; later new texts run unnamed. Bounds the statements a
 * connection keeps on the server, since some texts vary with their input (a multi-row insert's
 * row count).
 */
export const MAX_NAMED_STATEMENTS = 500

type Query = (this: pg.Client, ...args: unknown[]) => unknown

/** The name of each text a connection has named. */
const namesOf = new WeakMap<pg.Client, Map<string, string>>()

/**
 * The name for `text` on `client`: its SHA-1 (base64url), once `client` has named it or while
 * it names fewer than MAX_NAMED_STATEMENTS texts; undefined beyond that.
 */
function nameFor(client: pg.Client, text: string): string | undefined {
  let names = namesOf.get(client)
  if (!names) namesOf.set(client, (names = new Map()))
  let name = names.get(text)
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `k${crypto.createHash('sha1').update(text).digest('base64url')}`
    names.set(text, name)
  }
  return name
}

/** A pg client that sends `query(text, values)` calls (Kysely's) as named prepared statements. */
export class NamingClient extends pg.Client {}

// Assigned rather than declared: pg.Client's overloads of `query` cannot be overridden in a
// class body. pg.Client's own `query` is looked up per call (the bench counts statements there).
;(NamingClient.prototype as unknown as { query: Query }).query = function (...args) {
  const query = pg.Client.prototype.query as unknown as Query
  const [text, values] = args
  const name =
    args.length === 2 && typeof text === 'string' && Array.isArray(values)
      ? nameFor(this, text)
      : undefined
  return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values })
}
