/**
 * Secrets: random tokens and codes from the CSPRNG, SHA-256 digests for values that are random
 * enough to need no salt (tokens), and scrypt for the 4-digit PIN and OTP codes (docs/product.md#security).
 */
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { hashPool, type HashLane } from './hash-pool.ts'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB). Tests may lower N through SCRYPT_N. */
const SCRYPT_N = Number(process.env.SCRYPT_N ?? 2 ** 17)
const SCRYPT = { N: SCRYPT_N, r: 8, p: 1, maxmem: 256 * SCRYPT_N * 8 }

/**
 * Hashes a secret (PIN or OTP) with scrypt and a random salt: `scrypt$N$r$p$salt$hash`. Runs in the
 * bounded hash pool for `client` (the request's address; omitted for the server's own work).
 * Throws 503 HASHING_BUSY `{ retry_after_seconds }` when the pool is full (server/lib/hash-pool.ts).
 */
export async function hashSecret(secret: string, client: string | null = null): Promise<string> {
  const salt = crypto.randomBytes(16)
  const hash = await hashPool.run(client, () => scrypt(secret, salt, 32, SCRYPT))
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$')
}

/**
 * Checks a secret against `hashSecret`'s output in constant time, in the bounded hash pool for
 * `client` (the request's address; omitted for the server's own work), in `lane` ('reserved' for
 * a login from a device the account knows, never refused; default 'shared').
 * Throws 503 HASHING_BUSY `{ retry_after_seconds }` when the shared lane is full.
 */
export async function verifySecret(
  secret: string,
  stored: string,
  client: string | null = null,
  lane: HashLane = 'shared',
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const N = Number(n)
  const expected = Buffer.from(hash, 'base64')
  const actual = await hashPool.run(
    client,
    () =>
      scrypt(secret, Buffer.from(salt, 'base64'), expected.length, {
        N,
        r: Number(r),
        p: Number(p),
        maxmem: 256 * N * Number(r),
      }),
    lane,
  )
  return crypto.timingSafeEqual(actual, expected)
}

/** 32 random bytes, base64url: access tokens and reset tokens (docs/product.md#security). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}

/** A 4-digit code from the CSPRNG, zero-padded. */
export function randomOtp(): string {
  return String(crypto.randomInt(0, 10_000)).padStart(4, '0')
}

/** SHA-256 hex digest: how tokens are stored. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex')
}
