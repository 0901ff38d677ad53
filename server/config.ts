/**
 * Runtime configuration of docs/product.md#configuration, read once from the environment. Every variable is
 * optional; `loadConfig` fills the defaults.
 */
import type { Agent } from 'node:https'
import { DEFAULT_RULES, type Rules } from '../contract/rules.ts'
import { DEFAULT_RISK_RULES, type RiskRules } from '../contract/risk-rules.ts'

export interface UpiPayee {
  /** The UPI ID (VPA) money is paid to. */
  vpa: string
  /** The payee name shown in the UPI app. */
  name: string
}

export interface AppConfig {
  port: number
  /** `HOST`: the address the server listens on; default 0.0.0.0 (all interfaces). */
  host: string
  /** `file:PATH` (or `:memory:`) for SQLite, `postgres://…` for PostgreSQL. */
  databaseUrl: string
  /** Most PostgreSQL connections per instance; undefined: 10 (server/db/index.ts). */
  databasePoolSize?: number
  /** nodemailer SMTP URL; undefined prints each mail to the server log. */
  smtpUrl?: string
  mailFrom: string
  /** Base URL answering `GET /{IFSC}` with BANK, BRANCH, … */
  ifscApiUrl: string
  redisUrl?: string
  paymentProvider: 'manual-upi' | 'cashfree'
  cashfree?: { appId: string; secretKey: string; baseUrl: string; webhookSecret: string }
  /** Secret that signs the payment provider's webhook (HMAC-SHA256), if any. */
  webhookSecret?: string
  upiPayees: UpiPayee[]
  trustProxy: boolean
  /**
   * `DRAIN_SECONDS`: on SIGTERM, how long `/readyz` answers 503 DRAINING (so a load balancer's
   * health check takes the instance out) before the server stops accepting connections and lets
   * the requests in flight finish. 0 (the default): it stops at once.
   */
  drainSeconds: number
  /** Bearer token `GET /metrics` needs; undefined: `/metrics` answers 404 (docs/product.md#configuration, #operators). */
  metricsToken?: string
  /** Directory of the built PWA served at `/`; undefined serves the API only. */
  staticDir?: string
  /**
   * `PUBLIC_URL`: where people open the PWA (`https://app.example.in`), for links in mails (the
   * unlock link of a lock notice). Undefined: `http://localhost:PORT`. Never taken from a request's
   * Host header, which a sender controls.
   */
  publicUrl?: string
  /** Link of the Google Play badge on the landing page. */
  playStoreUrl: string
  rules: Rules
  /** The risk rules that hold withdrawals for review (live rules, never served to users). */
  risk: RiskRules
  /** Seed demo data (plans, videos, partners) on first start. */
  seed: boolean
  /** Log level for Fastify's logger; 'silent' in tests. */
  logLevel: string
  /**
   * Per-IP limit of each account route (login, OTP verify, registration, forgot-password,
   * send-signup-otp; docs/product.md#security). Undefined: 30 requests per minute per route.
   */
  authRateLimit?: { max: number; timeWindowMs: number }
  /**
   * The hash pool's size (server/lib/hash-pool.ts); undefined: one shared slot per core but one,
   * two waiting per core, one reserved. Tests make it small.
   */
  hashPool?: { concurrency: number; maxQueued: number; reserved: number }
  /** The current time; tests inject a clock to prove OTP, token and lock expiry. Default `new Date()`. */
  clock?: () => Date
  /**
   * Web Push VAPID key pair (base64url, `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`, both or
   * neither); unset: generated on first start and kept in the database (docs/product.md#configuration).
   */
  vapidKeys?: { publicKey: string; privateKey: string }
  /** `VAPID_SUBJECT`: a `mailto:` or `https:` contact for push services; default `mailto:MAIL_FROM`. */
  vapidSubject: string
  /** Push service hosts the server sends to (a host or its subdomains); tests add their stand-in. */
  pushServiceHosts: string[]
  /** HTTPS agent for push requests; tests pass one that trusts their local push service. */
  pushAgent?: Agent
}

/** The browsers' push services: Chrome/Edge/Opera (FCM), Firefox, Safari, Windows (WNS). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
]

/** Reads `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`; throws when only one of them is set. */
function parseVapidKeys(env: NodeJS.ProcessEnv): AppConfig['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim()
  const privateKey = env.VAPID_PRIVATE_KEY?.trim()
  if (!publicKey && !privateKey) return undefined
  if (!publicKey || !privateKey)
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.')
  return { publicKey, privateKey }
}

/** Parses `UPI_PAYEES`: `vpa1,vpa2;Payee Name` (two UPI IDs and one payee name). */
function parseUpiPayees(value: string | undefined): UpiPayee[] {
  if (!value) {
    return [
      { vpa: 'watchearn@upi', name: 'Watch Earn Demo' },
      { vpa: 'watchearn.pay@okaxis', name: 'Watch Earn Demo' },
    ]
  }
  const [ids = '', name = 'Watch Earn'] = value.split(';')
  return ids
    .split(',')
    .map((vpa) => vpa.trim())
    .filter(Boolean)
    .map((vpa) => ({ vpa, name: name.trim() }))
}

/** Reads docs/product.md#configuration's variables from `env` (defaults to `process.env`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const provider = env.PAYMENT_PROVIDER === 'cashfree' ? 'cashfree' : 'manual-upi'
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? 'file:./data/app.db',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@localhost',
    ifscApiUrl: env.IFSC_API_URL ?? 'https://ifsc.razorpay.com',
    redisUrl: env.REDIS_URL || undefined,
    paymentProvider: provider,
    cashfree:
      provider === 'cashfree'
        ? {
            appId: env.CASHFREE_APP_ID ?? '',
            secretKey: env.CASHFREE_SECRET_KEY ?? '',
            baseUrl: env.CASHFREE_BASE_URL ?? 'https://sandbox.cashfree.com/pg',
            webhookSecret: env.CASHFREE_WEBHOOK_SECRET ?? env.CASHFREE_SECRET_KEY ?? '',
          }
        : undefined,
    webhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
    upiPayees: parseUpiPayees(env.UPI_PAYEES),
    trustProxy: Boolean(env.TRUST_PROXY),
    drainSeconds: Math.max(0, Number(env.DRAIN_SECONDS) || 0),
    metricsToken: env.METRICS_TOKEN || undefined,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    staticDir: env.STATIC_DIR ?? 'dist',
    playStoreUrl: env.PLAY_STORE_URL ?? 'https://play.google.com/store',
    rules: { ...DEFAULT_RULES },
    risk: { ...DEFAULT_RISK_RULES },
    seed: env.SEED !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    vapidKeys: parseVapidKeys(env),
    vapidSubject: env.VAPID_SUBJECT || `mailto:${env.MAIL_FROM ?? 'no-reply@localhost'}`,
    pushServiceHosts: PUSH_SERVICE_HOSTS,
  }
}
