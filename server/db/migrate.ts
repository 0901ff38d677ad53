/**
 * Numbered migrations, applied in order by Kysely's Migrator on every start. A new migration is a
 * new numbered file listed here; a landed migration is never edited. A migration runs in a
 * transaction unless its module exports `transactional = false` (PostgreSQL's CREATE INDEX
 * CONCURRENTLY cannot run in one); consecutive pending migrations alike run in one Migrator call.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import type { DatabaseHandle, Engine } from './index.ts'
import * as m001 from './migrations/001-accounts.ts'
import * as m002 from './migrations/002-earning.ts'
import * as m003 from './migrations/003-profile.ts'
import * as m004 from './migrations/004-payment-promises.ts'
import * as m005 from './migrations/005-account-security.ts'
import * as m006 from './migrations/006-operator-console.ts'
import * as m007 from './migrations/007-operator-password.ts'
import * as m008 from './migrations/008-push-subscriptions.ts'
import * as m009 from './migrations/009-code-budget-by-address.ts'
import * as m010 from './migrations/010-guess-budgets.ts'
import * as m011 from './migrations/011-ledger-totals.ts'
import * as m012 from './migrations/012-scale-indexes.ts'
import * as m013 from './migrations/013-abuse-review.ts'
import * as m014 from './migrations/014-growth-indexes.ts'
import * as m015 from './migrations/015-wallet-orders-index.ts'
import * as m016 from './migrations/016-ledger-user-coins.ts'
import * as m017 from './migrations/017-canonical-upi-ids.ts'
import * as m018 from './migrations/018-name-prefix.ts'

type EngineMigration = {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>
  /** False: runs outside a transaction (each statement must be safe to run again). */
  transactional?: boolean
}

const MIGRATIONS: Record<string, EngineMigration> = {
  '001-accounts': m001,
  '002-earning': m002,
  '003-profile': m003,
  '004-payment-promises': m004,
  '005-account-security': m005,
  '006-operator-console': m006,
  '007-operator-password': m007,
  '008-push-subscriptions': m008,
  '009-code-budget-by-address': m009,
  '010-guess-budgets': m010,
  '011-ledger-totals': m011,
  '012-scale-indexes': m012,
  '013-abuse-review': m013,
  '014-growth-indexes': m014,
  '015-wallet-orders-index': m015,
  '016-ledger-user-coins': m016,
  '017-canonical-upi-ids': m017,
  '018-name-prefix': m018,
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db) => m.up(db, this.engine) }]),
    )
  }
}

const transactional = (name: string) => MIGRATIONS[name]?.transactional !== false

/** Migrates the open database `handle` to the latest schema; throws the first migration error. */
export async function migrateOpened(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db as never, handle.engine)
}

/** Applies every pending migration; throws the first migration error. */
export async function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await migratePending(db, engine, Object.keys(MIGRATIONS).length - 1)
}

/**
 * Applies the migrations up to and including `name` (a key of the list above, e.g.
 * `'008-push-subscriptions'`), so a test can write rows in an earlier schema and check what a
 * later migration makes of them. Throws the first migration error.
 */
export async function migrateTo(db: Kysely<unknown>, engine: Engine, name: string): Promise<void> {
  const target = Object.keys(MIGRATIONS).indexOf(name)
  if (target === -1) throw new Error(`no migration named ${name}`)
  await migratePending(db, engine, target)
}

/**
 * Applies the pending migrations up to index `target` of the list, in runs of the same kind: a
 * transactional run in one transaction, a non-transactional one without. Never migrates down.
 */
async function migratePending(db: Kysely<unknown>, engine: Engine, target: number) {
  const names = Object.keys(MIGRATIONS)
  const done = new Set(
    (await new Migrator({ db, provider: new StaticProvider(engine) }).getMigrations())
      .filter((m) => m.executedAt !== undefined)
      .map((m) => m.name),
  )
  let first = names.findIndex((name) => !done.has(name))
  while (first !== -1 && first <= target) {
    const kind = transactional(names[first]!)
    let last = first
    while (last < target && transactional(names[last + 1]!) === kind) last += 1
    const migrator = new Migrator({
      db,
      provider: new StaticProvider(engine),
      disableTransactions: !kind,
    })
    const { error } = await migrator.migrateTo(names[last]!)
    if (error) throw error
    first = last + 1
  }
}
