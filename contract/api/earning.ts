/**
 * The earning routes' contract (contract-earning, docs/product.md#api, #rules, #transparency): plans, the
 * dashboard's videos and reward claims, orders and UPI, withdrawals, the wallet and the payment
 * webhook. The orders' shapes are in orders.ts. Coins are integers; rupees are whole rupees unless a field says it may have paise.
 * Bodies are checked for shape here; the rules and their product messages are server/earning's.
 */
import { Type, type Static } from 'typebox'
import {
  IdempotencyHeaders,
  Nullable,
  RowId,
  WholeRupees,
  bearerAuth,
  errorResponses,
  optionalBearerAuth,
} from './common'
import {
  CardOrderCreated,
  CreateOrderBody,
  CreatedOrder,
  Order,
  OrderParams,
  OrderPurpose,
  OrderStatus,
  PaymentResultOrder,
  UpiPayee,
  UtrBody,
} from './orders'

const tags = ['earning']
const isoTime = (description = 'ISO 8601 time.') => Type.String({ description })

/** A membership plan (docs/product.md#api): `video_point` coins per video, `deposit_point` rupees as text or 'FREE'. */
export const MembershipPlan = Type.Object({
  id: Type.Integer(),
  membership_type: Type.String(),
  video_point: Type.Number(),
  deposit_point: Type.String(),
  withdrawl_days: Type.Integer({ description: 'Days a payout takes on this plan.' }),
})
export type MembershipPlan = Static<typeof MembershipPlan>

/** A dashboard video (docs/product.md#api): `timer` in seconds (15–60). */
export const DashboardVideo = Type.Object({
  id: Type.Integer(),
  link: Type.String(),
  redirection_link: Type.String(),
  timer: Type.Integer({ description: 'Seconds to watch before the reward.' }),
})
export type DashboardVideo = Static<typeof DashboardVideo>

export const DashboardQuery = Type.Object({
  link: Type.Optional(Type.String({ description: 'The video to start with (a shared link).' })),
})

/** `POST /add-reward/`: the video (`dashboard_id`) and when its timer completed (ISO, server clock). */
export const RewardClaim = Type.Object({
  dashboard_id: RowId('The video, as `GET /dashboard/` gave it.'),
  watched_at: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  played_ms: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 86_400_000,
        description:
          "How long the app's player was on screen and playing this video before the claim, ms (a signal for abuse review; absent from older apps).",
      }),
    ),
  ),
})
export type RewardClaim = Static<typeof RewardClaim>

/** A credited claim: `coins` credited, the new balance `points` (coins) and `views`. */
export const RewardCredited = Type.Object({
  message: Type.Literal('Reward credited.'),
  coins: Type.Integer(),
  points: Type.Integer(),
  views: Type.Integer(),
})
export type RewardCredited = Static<typeof RewardCredited>

/**
 * `POST /add-withdraw/`: `amount` whole rupees (the payout, fee excluded) to `upi_id`; `pin` the
 * account's 4-digit PIN, needed only for a UPI ID the account has not withdrawn to before
 * (docs/product.md#security).
 */
export const WithdrawBody = Type.Object({
  upi_id: Type.String({ maxLength: 200 }),
  amount: WholeRupees('Whole rupees sent (the fee excluded), a JSON integer.'),
  pin: Type.Optional(
    Type.String({
      maxLength: 16,
      description:
        'The 4-digit PIN: required for a new UPI ID (else 403 PIN_REQUIRED), checked under the login guess budget.',
    }),
  ),
})
export type WithdrawBody = Static<typeof WithdrawBody>

/** A requested withdrawal: amounts whole rupees, `due_at` (ISO) `withdrawl_days` after the request. */
export const WithdrawalRequested = Type.Object({
  message: Type.Literal('Withdrawal request submitted successfully!'),
  data: Type.Object({
    withdrawal_id: Type.Integer(),
    amount: Type.Integer(),
    fee: Type.Integer(),
    status: Type.Literal('requested'),
    withdrawl_days: Type.Integer(),
    due_at: isoTime(),
  }),
})
export type WithdrawalRequested = Static<typeof WithdrawalRequested>

/** One withdrawal condition: `have` and `need` in its unit (coins, videos, friends, 0/1). */
export const ConditionProgress = Type.Object({
  key: Type.Union([
    Type.Literal('balance'),
    Type.Literal('videos'),
    Type.Literal('referrals'),
    Type.Literal('platformFee'),
  ]),
  met: Type.Boolean(),
  have: Type.Number(),
  need: Type.Number(),
})
export type ConditionProgress = Static<typeof ConditionProgress>

/** The user's progress towards a withdrawal (docs/product.md#rules, #transparency). */
export const WithdrawalStatus = Type.Object({
  conditions: Type.Array(ConditionProgress, {
    description: 'Only the conditions switched on, in the order of `withdrawalConditions`.',
  }),
  eligible: Type.Boolean(),
  payout_days: Type.Integer({
    description: "Days a withdrawal requested now takes (best paid plan's).",
  }),
  video_point: Type.Number({ description: "Coins per video on the user's plan." }),
  daily_videos: Type.Integer({ description: 'Videos that can be rewarded per India day.' }),
  days_to_min_balance: Nullable(
    Type.Integer({ description: '0 when reached; null when watching cannot reach it.' }),
  ),
  known_upi_ids: Type.Array(Type.String(), {
    description:
      'UPI IDs (trimmed, lower-case, newest first, at most 20) the account has withdrawn to before: a withdrawal to one of them needs no PIN.',
  }),
})
export type WithdrawalStatus = Static<typeof WithdrawalStatus>

/** A ledger row: `coins` signed integer coins; `rupees` whole rupees of a payment row. */
export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  coins: Type.Integer(),
  rupees: Nullable(Type.Number()),
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('failed')]),
  description: Type.String(),
  reference: Nullable(Type.String()),
  created_at: isoTime(),
})
export type LedgerEntry = Static<typeof LedgerEntry>

/**
 * A withdrawal: `amount` and `fee` whole rupees; `due_at` null for rows older than migration 004;
 * `reason` the operator's (or the bank file's) reason when it failed, else null.
 */
export const WalletWithdrawal = Type.Object({
  id: Type.Integer(),
  upi_id: Type.String(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  status: Type.Union(
    [
      Type.Literal('requested'),
      Type.Literal('held'),
      Type.Literal('paid'),
      Type.Literal('failed'),
      Type.Literal('rejected'),
    ],
    {
      description:
        "'held': under review by an operator, the deadline unchanged; 'rejected': refused on review, `reason` says why and whether the coins came back.",
    },
  ),
  upi_reference: Nullable(Type.String()),
  created_at: isoTime(),
  due_at: Nullable(isoTime()),
  withdrawl_days: Nullable(Type.Integer()),
  reason: Nullable(
    Type.String({
      description: "A failed or rejected payout's reason, in the operator's own words.",
    }),
  ),
})
export type WalletWithdrawal = Static<typeof WalletWithdrawal>

/** A payment (order) in the wallet: `amount` whole rupees; `reason` the operator's when rejected. */
export const WalletOrder = Type.Object({
  order_id: Type.String(),
  amount: Type.Number(),
  purpose: OrderPurpose,
  status: OrderStatus,
  created_at: isoTime(),
  expires_at: Nullable(isoTime()),
  utr: Nullable(Type.String()),
  reason: Nullable(
    Type.String({ description: "A rejected order's reason, in the operator's own words." }),
  ),
})
export type WalletOrder = Static<typeof WalletOrder>

/**
 * The balance (coins) and one page of each of the user's lists, newest first, every list paged by
 * its own cursor through the whole history (docs/product.md#transparency, #scale): `GET /wallet/` gives the newest
 * ledger rows, withdrawals and orders with each list's cursor (`next`, `withdrawals_next`,
 * `orders_next`); a request with a cursor (`before`, `withdrawals_before`, `orders_before`) gives
 * the older page of each list it names a cursor for and the others empty, without their cursor.
 * A cursor is null once that list's oldest row is in.
 */
export const Wallet = Type.Object({
  balance: Type.Integer(),
  entries: Type.Array(LedgerEntry),
  withdrawals: Type.Array(WalletWithdrawal),
  orders: Type.Array(WalletOrder),
  next: Type.Optional(
    Nullable(Type.String({ description: 'The `before` of the older page; null: no older rows.' })),
  ),
  withdrawals_next: Type.Optional(
    Nullable(
      Type.String({
        description: 'The `withdrawals_before` of the older page; null: no older withdrawals.',
      }),
    ),
  ),
  orders_next: Type.Optional(
    Nullable(
      Type.String({ description: 'The `orders_before` of the older page; null: no older orders.' }),
    ),
  ),
})

const cursor = (description: string) =>
  Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description }))

/**
 * `GET /wallet/` query: each list's cursor, a page's `next`, `withdrawals_next` or `orders_next`;
 * `limit` rows per page of each list (1–200, 100).
 */
export const WalletQuery = Type.Object({
  before: cursor("The ledger page's `next`."),
  withdrawals_before: cursor("The withdrawals page's `withdrawals_next`."),
  orders_before: cursor("The orders page's `orders_next`."),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
})
export type Wallet = Static<typeof Wallet>

/** The webhook's answer: what the event did to the order. */
export const WebhookAnswer = Type.Object({
  message: Type.String(),
  order_id: Type.String(),
  status: Type.Optional(Type.Union([Type.Literal('confirmed'), Type.Literal('rejected')])),
})

const data = <T extends Parameters<typeof Type.Object>[0]>(properties: T) => Type.Object(properties)

/** Route schemas, by route. */
export const earningRoutes = {
  getMembership: {
    tags,
    summary: 'Every active membership plan',
    security: bearerAuth,
    response: { 200: Type.Array(MembershipPlan), ...errorResponses },
  },
  dashboard: {
    tags,
    summary: 'The videos to watch; each handout is recorded',
    security: bearerAuth,
    querystring: DashboardQuery,
    response: { 200: Type.Array(DashboardVideo), ...errorResponses },
  },
  addReward: {
    tags,
    summary: 'Claim the reward of a watched video (Idempotency-Key required)',
    security: bearerAuth,
    headers: IdempotencyHeaders,
    body: RewardClaim,
    response: { 200: data({ data: RewardCredited }), ...errorResponses },
  },
  csrfToken: {
    tags,
    summary: "The card test form's CSRF token; also sets its cookie",
    response: { 200: Type.Object({ csrf_token: Type.String() }), ...errorResponses },
  },
  createOrder: {
    tags,
    summary:
      'An order for a plan deposit or the platform fee (JSON, token, optional Idempotency-Key), or the card test page order (form, X-CSRF-Token)',
    security: optionalBearerAuth,
    headers: IdempotencyHeaders,
    body: CreateOrderBody,
    response: {
      200: Type.Union([data({ data: CreatedOrder }), CardOrderCreated]),
      ...errorResponses,
    },
  },
  getOrder: {
    tags,
    summary: "One of the user's orders",
    security: bearerAuth,
    params: OrderParams,
    response: { 200: data({ data: Order }), ...errorResponses },
  },
  submitUtr: {
    tags,
    summary: 'The 12-digit UPI reference the user paid with',
    security: bearerAuth,
    params: OrderParams,
    body: UtrBody,
    response: { 200: data({ message: Type.String(), data: Order }), ...errorResponses },
  },
  paymentResult: {
    tags,
    summary: "What a result page shows: the user's order, else the card provider's, else null",
    security: optionalBearerAuth,
    querystring: Type.Object({ order_id: Type.Optional(Type.String({ maxLength: 200 })) }),
    response: { 200: data({ data: Nullable(PaymentResultOrder) }), ...errorResponses },
  },
  getUpi: {
    tags,
    summary: 'The UPI payees behind the QR codes',
    security: bearerAuth,
    response: {
      200: data({
        data: Type.Object({ payees: Type.Array(UpiPayee), currency: Type.Literal('INR') }),
      }),
      ...errorResponses,
    },
  },
  addWithdraw: {
    tags,
    summary: 'Request a withdrawal to a UPI ID (Idempotency-Key required)',
    security: bearerAuth,
    headers: IdempotencyHeaders,
    body: WithdrawBody,
    response: { 200: WithdrawalRequested, ...errorResponses },
  },
  withdrawalStatus: {
    tags,
    summary: "The user's progress on every withdrawal condition",
    security: bearerAuth,
    response: { 200: data({ data: WithdrawalStatus }), ...errorResponses },
  },
  wallet: {
    tags,
    summary: 'The balance and one page of ledger rows, withdrawals and orders, each by its cursor',
    security: bearerAuth,
    querystring: WalletQuery,
    response: { 200: data({ data: Wallet }), ...errorResponses },
  },
  paymentWebhook: {
    tags,
    summary: "Cashfree's payment webhook, signed (x-webhook-signature, x-webhook-timestamp)",
    body: Type.String({
      description: "Cashfree's event JSON, read as text to check its signature.",
    }),
    response: { 200: WebhookAnswer, ...errorResponses },
  },
} as const
