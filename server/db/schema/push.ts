/**
 * Web Push tables (migration 008). Timestamps are ISO-8601 UTC text.
 */
import type { Generated } from 'kysely'

/** Languages a notification can be written in. */
export type PushLanguage = 'en' | 'hi'

/** One device's push subscription (the browser's PushSubscription). */
export interface PushSubscriptionsTable {
  id: Generated<number>
  user_id: number
  /** The push service's URL for this device; unique. */
  endpoint: string
  /** The device's P-256 public key, base64url (65 bytes uncompressed). */
  p256dh: string
  /** The device's 16-byte auth secret, base64url. */
  auth: string
  lang: Generated<PushLanguage>
  /** SHA-256 (hex) of the access token that saved it: logout with that token removes it. */
  token_hash: string | null
  created_at: string
  updated_at: string
}

/** A server-wide setting (e.g. `vapid_keys`, JSON). */
export interface AppSettingsTable {
  key: string
  value: string
  created_at: string
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable
  app_settings: AppSettingsTable
}
