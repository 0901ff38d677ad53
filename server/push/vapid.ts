/**
 * The VAPID key pair (RFC 8292) that signs every push request (docs/product.md#configuration): from
 * `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when set, else the pair kept in `app_settings`
 * (`vapid_keys`), generated on the first start. Instances starting together keep one pair: the
 * first insert wins and every instance reads the stored row back.
 */
import webpush from 'web-push'
import type { Db } from '../db/index.ts'

/** A P-256 key pair, base64url: the public key 65 bytes uncompressed, the private key 32 bytes. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const SETTING_KEY = 'vapid_keys'

/** Throws unless `keys` are a P-256 public key (65 bytes) and private key (32 bytes), base64url. */
function assertVapidKeys(keys: VapidKeys): VapidKeys {
  const publicBytes = Buffer.from(keys.publicKey, 'base64url')
  const privateBytes = Buffer.from(keys.privateKey, 'base64url')
  if (publicBytes.length !== 65 || publicBytes[0] !== 4 || privateBytes.length !== 32) {
    throw new Error(
      'The VAPID keys must be a P-256 public key (65 bytes) and private key (32 bytes), base64url.',
    )
  }
  return keys
}

/**
 * The server's VAPID keys: `configured` when given, else the stored pair, else a new pair that is
 * stored now. Throws when configured or stored keys are malformed.
 */
export async function loadVapidKeys(
  db: Db,
  configured: VapidKeys | undefined,
  now: Date,
): Promise<VapidKeys> {
  if (configured) return assertVapidKeys(configured)
  const stored = await readStoredKeys(db)
  if (stored) return stored
  const fresh = webpush.generateVAPIDKeys()
  await db
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: JSON.stringify(fresh), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  // Another instance may have stored its pair first: every instance uses the stored one.
  return (await readStoredKeys(db)) ?? fresh
}

async function readStoredKeys(db: Db): Promise<VapidKeys | null> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirst()
  if (!row) return null
  const { publicKey, privateKey } = JSON.parse(row.value) as Partial<VapidKeys>
  return assertVapidKeys({ publicKey: String(publicKey), privateKey: String(privateKey) })
}
