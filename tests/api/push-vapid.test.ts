// The VAPID key pair (docs/product.md#configuration): generated on the first start when the environment gives none,
// kept in the database and the same after a restart, on both engines; keys from the environment
// win; one key without the other is refused at start.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { buildApp } from '../../server/app.ts'
import { loadConfig, type AppConfig } from '../../server/config.ts'
import { createTestDatabase, ENGINES } from '../helpers/databases.ts'

describe.each(ENGINES)('VAPID keys on %s', (engine) => {
  /** A database that outlives one app: a PostgreSQL database, or an SQLite file. */
  async function lastingDatabase() {
    if (engine === 'postgres') return createTestDatabase(engine)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'))
    return {
      url: `file:${path.join(dir, 'app.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true }),
    }
  }
  async function publicKeyOf(config: Partial<AppConfig>) {
    const app = await buildApp({ logLevel: 'silent', staticDir: undefined, seed: false, ...config })
    await app.ready()
    const stored = await app.db
      .selectFrom('app_settings')
      .selectAll()
      .where('key', '=', 'vapid_keys')
      .execute()
    const key = app.push.publicKey
    await app.close()
    return { key, stored }
  }

  it('generates a key pair on the first start, keeps it in the database and uses it after a restart', async () => {
    const db = await lastingDatabase()
    try {
      const first = await publicKeyOf({ databaseUrl: db.url, vapidKeys: undefined })
      expect(Buffer.from(first.key, 'base64url').length).toBe(65)
      expect(first.stored.map((r) => r.key)).toEqual(['vapid_keys'])
      const second = await publicKeyOf({ databaseUrl: db.url, vapidKeys: undefined })
      expect(second.key).toBe(first.key)
      expect(second.stored).toEqual(first.stored)
    } finally {
      await db.drop()
    }
  })

  it('uses the keys of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY and stores none', async () => {
    const db = await lastingDatabase()
    try {
      const keys = webpush.generateVAPIDKeys()
      const config = loadConfig({
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      })
      const started = await publicKeyOf({ databaseUrl: db.url, vapidKeys: config.vapidKeys })
      expect(started.key).toBe(keys.publicKey)
      expect(started.stored).toEqual([])
    } finally {
      await db.drop()
    }
  })
})

describe('VAPID configuration', () => {
  it('refuses one VAPID key without the other, and defaults the subject to MAIL_FROM', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BAAA' })).toThrow(/both/)
    expect(loadConfig({ MAIL_FROM: 'ops@example.in' }).vapidSubject).toBe('mailto:ops@example.in')
    expect(loadConfig({ VAPID_SUBJECT: 'https://example.in/contact' }).vapidSubject).toBe(
      'https://example.in/contact',
    )
  })
})
