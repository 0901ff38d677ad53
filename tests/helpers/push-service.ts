/**
 * A real local HTTPS server standing in for a browser's push service, and the device side of Web
 * Push: a subscription's keys made with node:crypto (P-256 ECDH and a 16-byte auth secret) and the
 * decryption of an aes128gcm message with them, written from RFC 8291 and RFC 8188 (independent of
 * the `web-push` library the server encrypts with). The server's VAPID signature (RFC 8292) is
 * checked too.
 */
import crypto from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'

/** A self-signed certificate for 127.0.0.1 and localhost (P-256, valid until 2126), test only. */
const KEY = `
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgToqPkJNT24Cdsk77
jzlYGLy71jwFKgBOIX++2OyBkdKhRANCAAQ6L6R1LYhq/kLR3DASdzBu1nrkq8Oj
BKtXHVK7Z8pRgWiyTQA3rhBvxTqIH1Z3X1cFdKfgewwRagXNfc2lDDnk
-----END PRIVATE KEY-----
`
const CERT = `
-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUcXwzeajg5bNssK7MwaT1EHxQgnwwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzEzMTMyMVoYDzIxMjYxMDMw
MTMxMzIxWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQ6L6R1LYhq/kLR3DASdzBu1nrkq8OjBKtXHVK7Z8pRgWiyTQA3rhBv
xTqIH1Z3X1cFdKfgewwRagXNfc2lDDnko28wbTAdBgNVHQ4EFgQUtqlx4aUljQbW
/MQc6VMFZXuDvOowHwYDVR0jBBgwFoAUtqlx4aUljQbW/MQc6VMFZXuDvOowDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgMKEvarcg25XBhUHOUJJoIno3qIK7RhWpz+VnpItJ9UwCIQDt
byhRdpFNrHbtxpD6eeqTakB9DustisL0zSNFs8CUZA==
-----END CERTIFICATE-----
`

/** One request the stand-in received. */
export interface PushRequest {
  /** The path after the host: `/push/<device id>`. */
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface PushServiceStandIn {
  /** `https://127.0.0.1:PORT`. */
  origin: string
  /** An agent that trusts the stand-in's certificate (the app's `pushAgent`). */
  agent: https.Agent
  requests: PushRequest[]
  /** Answers requests to `path` with `status` from now on (default 201). */
  answer(path: string, status: number): void
  /** Resolves with the first request to `path` after `since` (an index into `requests`). */
  waitFor(path: string, since?: number, timeoutMs?: number): Promise<PushRequest>
  close(): Promise<void>
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushServiceStandIn> {
  const requests: PushRequest[] = []
  const statuses = new Map<string, number>()
  const waiters: Array<() => void> = []
  const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? '/'
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(statuses.get(path) ?? 201).end()
      for (const wake of waiters.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const agent = new https.Agent({ ca: CERT })
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    requests,
    answer: (path, status) => void statuses.set(path, status),
    async waitFor(path, since = 0, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = requests.slice(since).find((r) => r.path === path)
        if (found) return found
        if (Date.now() > deadline)
          throw new Error(`no push request to ${path} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 50)
        })
      }
    },
    async close() {
      agent.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A device's push subscription with its private key, as a browser would hold it. */
export interface TestDevice {
  endpoint: string
  /** What the PWA posts: `{ endpoint, keys: { p256dh, auth } }` (base64url). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  ecdh: crypto.ECDH
  authSecret: Buffer
}

let devices = 0

/** A new device subscribed at the stand-in: `/push/<n>` with fresh P-256 keys and auth secret. */
export function newDevice(service: PushServiceStandIn): TestDevice {
  devices += 1
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  const authSecret = crypto.randomBytes(16)
  const endpoint = `${service.origin}/push/${process.pid}-${devices}`
  return {
    endpoint,
    subscription: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    },
    ecdh,
    authSecret,
  }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length))

/**
 * Decrypts an aes128gcm Web Push message (RFC 8291 §3.4, RFC 8188 §2) with the device's keys:
 * header salt(16) | rs(4) | idlen(1) | keyid (the sender's public key), then one record.
 */
export function decryptPush(device: TestDevice, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const idlen = body.readUInt8(20)
  const senderPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  const ecdhSecret = device.ecdh.computeSecret(senderPublic)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublic,
  ])
  const ikm = hkdf(device.authSecret, ecdhSecret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02, then zero or more 0x00 padding bytes.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * Checks the request's `Authorization: vapid t=JWT, k=KEY` (RFC 8292): `k` is `publicKey`, the
 * JWT is ES256-signed by it, for the push service's origin, not expired. Returns the JWT claims.
 */
export function verifyVapid(
  request: PushRequest,
  publicKey: string,
  origin: string,
): { aud: string; sub: string; exp: number } {
  const header = String(request.headers.authorization ?? '')
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header)
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`)
  const [, jwt = '', key = ''] = match
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s')
  const [head = '', claims = '', signature = ''] = jwt.split('.')
  const raw = Buffer.from(publicKey, 'base64url')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  }
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: crypto.createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('the VAPID JWT signature does not verify')
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    sub: string
    exp: number
  }
  if (payload.aud !== origin) throw new Error(`the VAPID audience is ${payload.aud}, not ${origin}`)
  if (payload.exp * 1000 < Date.now()) throw new Error('the VAPID JWT has expired')
  return payload
}
