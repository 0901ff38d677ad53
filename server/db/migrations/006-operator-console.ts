/**
 * Migration 006: the operators' console (docs/product.md#rules, #operators).
 * - operators: separate accounts (email, role operator|viewer, scrypt password, TOTP secret, the
 *   last TOTP time step used, wrong-try lockout like the users' PIN lock).
 * - operator_sessions: 8-hour console sessions, stored as SHA-256 of the token, revocable.
 * - audit_log: every operator action (who, what, which row, before/after, reason, when, from
 *   where); append-only: triggers on both engines refuse UPDATE and DELETE.
 * - rule_versions: the live rules of docs/product.md#rules, one JSON row per edit (the newest wins), so
 *   their history is the table itself.
 * - user_moderation: a flag or a suspension per user, with the reason the user is told.
 * - videos: `position` (display order) and `active`; membership_plans: `active`.
 */
import { sql, type Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addIdColumn(db.schema.createTable('operators'), engine)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('operator', 'viewer')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('totp_last_step', 'integer')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await addIdColumn(db.schema.createTable('operator_sessions'), engine)
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()

  await addIdColumn(db.schema.createTable('audit_log'), engine)
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute()
  if (engine === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db)
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db)
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db)
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db)
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db)
  }

  await addIdColumn(db.schema.createTable('rule_versions'), engine)
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('user_moderation')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('updated_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // SQLite takes one ADD COLUMN per ALTER TABLE.
  await db.schema
    .alterTable('videos')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('videos')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema
    .alterTable('membership_plans')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await sql`update videos set position = id`.execute(db)
}
