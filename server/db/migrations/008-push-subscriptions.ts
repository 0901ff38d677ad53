/**
 * Migration 008: Web Push notifications when money moves (docs/product.md#configuration).
 * - push_subscriptions: one row per device (the push service's endpoint, unique) with its
 *   encryption keys (p256dh, auth), its user, the language of its notifications and the SHA-256
 *   of the access token it was saved with, so logging out removes it.
 * - app_settings: one text value per key; the VAPID key pair generated on first start lives here
 *   when the environment gives none.
 */
import type { Kysely } from 'kysely'
import type { Engine } from '../index.ts'
import { addIdColumn } from './helpers.ts'

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await addIdColumn(db.schema.createTable('push_subscriptions'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('token_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
