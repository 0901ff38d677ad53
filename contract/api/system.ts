/**
 * The system routes' contract: `GET /healthz` (the database answers) and `GET /config/` (the
 * business rules the server enforces, docs/product.md#rules). `Rules` is derived from its schema here and
 * re-exported by contract/rules.ts with the defaults and formatters.
 */
import { Type, type Static } from 'typebox'
import { errorResponses } from './common'

const tags = ['system']

/** The rules a user reads and the server enforces. Coins are integers; rupees are whole rupees. */
export const Rules = Type.Object({
  coinsPerRupee: Type.Integer({
    description: 'Coins in one rupee (docs/product.md#what-it-is: 100 coins = ₹1).',
  }),
  referralRewardReferrerCoins: Type.Integer({
    description: 'Coins credited to the referrer when the friend verifies the email.',
  }),
  referralRewardFriendCoins: Type.Integer({
    description: 'Coins credited to the friend when the friend verifies the email.',
  }),
  signupBonusCoins: Type.Integer({
    description: 'Coins credited once when a new user verifies the email (the ₹100 bonus popup).',
  }),
  withdrawMinBalanceRupees: Type.Number({
    description: 'Minimum balance to withdraw, whole rupees; 0 switches the condition off.',
  }),
  withdrawMinVideos: Type.Integer({
    description: 'Videos watched before a withdrawal; 0 switches it off.',
  }),
  withdrawMinReferrals: Type.Integer({
    description: "Referrals needed before a withdrawal (the refer page's n/3); 0 switches it off.",
  }),
  withdrawRequiresPlatformFee: Type.Boolean({
    description: 'Whether the one-time platform fee must be paid before a withdrawal.',
  }),
  platformFeeRupees: Type.Number({
    description: 'The one-time refundable platform fee, whole rupees (docs/product.md#rules).',
  }),
  platformFeeRefundDays: Type.Integer({
    description:
      'Days within which the platform fee is refunded on request (docs/product.md#rules).',
  }),
  transferFeeRupees: Type.Number({
    description:
      'Fee taken from each withdrawal, whole rupees: the amount sent is the slider value minus this.',
  }),
  referralRewardAfterVideos: Type.Integer({
    description:
      'Videos the referred friend watches before both referral rewards are credited; 0 credits them when the friend verifies the email.',
  }),
  signupsPerDevicePerDay: Type.Integer({
    description: 'Accounts one device may create in 24 hours; 0 switches the limit off.',
  }),
  signupsPerAddressPerDay: Type.Integer({
    description: 'Accounts one network address may create in 24 hours; 0 switches the limit off.',
  }),
  withdrawalTime: Type.String({
    description:
      "The plans' range of payout days ('1 to 7 days') from each plan's withdrawl_days; empty until the server has said.",
  }),
})
export type Rules = Static<typeof Rules>

export const PaymentProvider = Type.Union([Type.Literal('manual-upi'), Type.Literal('cashfree')])

/** `GET /config/`: the rules, the landing page's Play Store link and the payment provider. */
export const ConfigAnswer = Type.Object({
  rules: Rules,
  play_store_url: Type.String(),
  payment_provider: PaymentProvider,
})
export type ConfigAnswer = Static<typeof ConfigAnswer>

export const Health = Type.Object({
  status: Type.Literal('ok'),
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
})

const Check = Type.Union([Type.Literal('ok'), Type.Literal('down'), Type.Literal('degraded')])
/**
 * `GET /readyz`: each dependency's check (`database`, and `redis` with REDIS_URL set: `ok`, or
 * `degraded` when it does not answer: the instance is still ready, its limits count per instance).
 */
export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  checks: Type.Record(Type.String(), Check),
})
/** 503 NOT_READY: the refusal with the failing checks. */
export const NotReady = Type.Object({
  message: Type.String(),
  code: Type.String(),
  checks: Type.Record(Type.String(), Check),
})

/** Route schemas, by route. */
export const systemRoutes = {
  healthz: {
    tags,
    summary: 'Liveness: 200 once the database answers, else 503 DB_DOWN',
    response: { 200: Health, ...errorResponses },
  },
  livez: {
    tags,
    summary: 'Liveness for load balancers: 200 while the process serves requests',
    response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errorResponses },
  },
  readyz: {
    tags,
    summary:
      'Readiness: 200 when the database answers (Redis, when configured, reported ok or degraded), else 503',
    response: { 200: Readiness, 503: NotReady, ...errorResponses },
  },
  config: {
    tags,
    summary: 'The business rules the server enforces (docs/product.md#rules)',
    response: { 200: ConfigAnswer, ...errorResponses },
  },
} as const
