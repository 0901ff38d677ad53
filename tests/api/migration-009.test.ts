// Migration 009 on both engines: a database written under migration 008 keeps every one-time
// code (same ids, same request ids), and its wrong guesses and locks move from user ids to the
// users' addresses, where the budget and lock checks find them; a code with no account can then
// be stored.
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { ENGINES } from '../helpers/databases.ts'
import { withDatabaseAt } from '../helpers/migrations.ts'
import { migrateToLatest } from '../../server/db/migrate.ts'
import { codeFlowLockedUntil } from '../../server/accounts/otp-guard.ts'
import { insertUser } from '../../server/accounts/users.ts'

const NOW = new Date('2026-11-25T10:00:00.000Z')
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString()

describe.each(ENGINES)('migration 009 on %s', (engine) => {
  const at = withDatabaseAt(engine, '008-push-subscriptions')

  it('carries codes, guesses and locks over, keyed by address', async () => {
    const db = at.handle.db
    const userId = await insertUser(
      db,
      {
        firstName: 'Asha Verma',
        email: 'asha@example.com',
        phone: '9876543210',
        pinHash: 'scrypt$x',
        referredBy: null,
      },
      new Date(iso(-86_400_000)),
    )
    // Rows as migration 008's schema had them: user ids in otp_guesses and otp_flow_locks.
    await sql`insert into otp_codes (request_id, purpose, address, user_id, code_hash, expires_at,
        tries, used_at, resend_after_seconds, created_at)
      values ('req-a', 'reset', 'asha@example.com', ${userId}, 'scrypt$a', ${iso(600_000)}, 2,
        null, 10, ${iso(0)}),
      ('req-b', 'signup', 'asha@example.com', ${userId}, 'scrypt$b', ${iso(-1)}, 0,
        ${iso(-5)}, 59, ${iso(-600_000)})`.execute(db)
    const codesBefore = await db.selectFrom('otp_codes').selectAll().orderBy('id').execute()
    for (let i = 0; i < 3; i += 1) {
      await sql`insert into otp_guesses (user_id, purpose, created_at)
        values (${userId}, 'reset', ${iso(-i * 1000)})`.execute(db)
    }
    await sql`insert into otp_flow_locks (user_id, purpose, locked_until, created_at)
      values (${userId}, 'signup', ${iso(3_600_000)}, ${iso(0)})`.execute(db)

    await migrateToLatest(db as never, at.handle.engine)

    expect(await db.selectFrom('otp_codes').selectAll().orderBy('id').execute()).toEqual(
      codesBefore,
    )
    const guesses = await db
      .selectFrom('otp_guesses')
      .select(['address', 'purpose'])
      .orderBy('created_at')
      .execute()
    expect(guesses).toEqual(
      Array.from({ length: 3 }, () => ({ address: 'asha@example.com', purpose: 'reset' })),
    )
    expect(await codeFlowLockedUntil(db, 'asha@example.com', 'signup', NOW)).toBe(iso(3_600_000))
    expect(await codeFlowLockedUntil(db, 'asha@example.com', 'reset', NOW)).toBeNull()

    // A decoy (no account) can now be stored; new ids follow the carried-over ones.
    const decoy = await db
      .insertInto('otp_codes')
      .values({
        request_id: 'req-c',
        purpose: 'reset',
        address: 'nobody@example.com',
        user_id: null,
        code_hash: 'scrypt$c',
        expires_at: iso(600_000),
        tries: 0,
        used_at: null,
        resend_after_seconds: 10,
        created_at: iso(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(decoy.id).toBeGreaterThan(Math.max(...codesBefore.map((c) => c.id)))
    // Request ids stay unique.
    await expect(
      sql`insert into otp_codes (request_id, purpose, address, user_id, code_hash, expires_at,
          tries, resend_after_seconds, created_at)
        values ('req-c', 'reset', 'x@example.com', null, 'h', ${iso(0)}, 0, 10, ${iso(0)})`.execute(
        db,
      ),
    ).rejects.toThrow()
  })
})
