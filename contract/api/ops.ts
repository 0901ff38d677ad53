/**
 * The operators' console API under `/api/v1/ops/` (docs/product.md#operators): login and session, the order and
 * withdrawal queues with their actions, and users. The payout and statement files are in
 * ops-files.ts; videos, plans, rules and the audit trail in ops-content.ts. Served in the API's
 * OpenAPI document, `/api/v1/openapi.json`, and in the console's own, `/api/v1/ops/openapi.json`
 * (server/plugins/openapi.ts). Coins are integers, amounts whole rupees, times ISO text; `active`
 * and the users' 0/1 columns are the database's integers.
 */
import { Type, type Static } from 'typebox'
import { MessageOnly, Nullable, errorResponses, type Security } from './common'
import { LedgerEntry } from './earning'
import { Order, OrderPurpose } from './orders'
import { HoldReview, RejectBody, ReviewOutcome } from './risk'

const tags = ['operators console']

/** A console session token (`ops_…`) in `Authorization: Bearer …`, from `POST /ops/login`. */
export const opsAuth: Security = [{ opsBearerAuth: [] }]

/** A reason an operator gives, kept in the audit trail (3–500 characters, checked by the server). */
const reason = () => Type.String({ maxLength: 500 })
/** A row id: a PostgreSQL integer (a larger number is refused with 400, never looked up). */
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })
const OrderIdParams = Type.Object({ orderId: Type.String({ maxLength: 64 }) })
const ReferenceBody = Type.Object({
  upi_reference: Type.String({ maxLength: 64 }),
  reason: Type.Optional(reason()),
})
const ReasonBody = Type.Object({ reason: reason() })
/**
 * A queue page's query: `limit` rows (default 50), `after` the `next` of the previous page (keyset
 * paging: any page costs the same), `q` a search text.
 */
const Page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  after: Type.Optional(Type.String({ maxLength: 64 })),
  q: Type.Optional(Type.String({ maxLength: 154 })),
}
/**
 * A queue page: the matching rows counted up to 1,000 (`total_capped`: more, shown "1,000+"),
 * the cursor of the next page (null on the last) and the rows.
 */
const paged = <T extends Parameters<typeof Type.Array>[0]>(row: T) =>
  Type.Object({
    total: Type.Integer({ description: 'Matching rows, counted up to 1,000.' }),
    total_capped: Type.Boolean({ description: 'More than `total` rows match ("1,000+").' }),
    next: Nullable(Type.String({ description: 'The `after` of the next page; null: last page.' })),
    rows: Type.Array(row),
  })

/** An operator as the console sees it (no secrets). */
export const Operator = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: Type.Union([Type.Literal('operator'), Type.Literal('viewer')]),
  password_must_change: Type.Boolean({
    description: 'True until the printed one-time password is replaced.',
  }),
})
export type Operator = Static<typeof Operator>

/** A console session: the bearer token (shown once) and when it expires. */
export const OperatorSession = Type.Object({
  token: Type.String(),
  expires_at: Type.String(),
  operator: Operator,
})
export type OperatorSession = Static<typeof OperatorSession>

/** One row of the order queue; `utr` is what the user entered, `age_seconds` since creation. */
export const OrderQueueRow = Type.Object({
  order_id: Type.String(),
  user_id: Type.Integer(),
  first_name: Type.String(),
  email: Type.String(),
  phone_number: Type.String(),
  points: Type.Integer({ description: "The user's balance in coins now." }),
  purpose: OrderPurpose,
  amount: Type.Number(),
  membership_plan_id: Nullable(Type.Integer()),
  plan_name: Nullable(Type.String({ description: "The plan's name (`membership_type`)." })),
  utr: Nullable(Type.String()),
  upi_reference: Nullable(Type.String()),
  status: Type.String(),
  created_at: Type.String(),
  expires_at: Nullable(Type.String()),
  age_seconds: Type.Integer(),
})
export type OrderQueueRow = Static<typeof OrderQueueRow>

/** One row of the withdrawal queue; `overdue` while requested or held past `due_at`. */
export const WithdrawalQueueRow = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  first_name: Type.String(),
  email: Type.String(),
  points: Type.Integer({ description: "The user's balance in coins now." }),
  upi_id: Type.String(),
  amount: Type.Number(),
  fee: Type.Number(),
  coins: Type.Integer({ description: 'The coins held (amount and fee); returned when it fails.' }),
  status: Type.String(),
  upi_reference: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  created_at: Type.String(),
  due_at: Nullable(Type.String()),
  withdrawl_days: Nullable(Type.Integer()),
  overdue: Type.Boolean(),
  /** Why it was held for review and the decision; null when it never was. */
  review: Nullable(HoldReview),
})
export type WithdrawalQueueRow = Static<typeof WithdrawalQueueRow>

/** What confirming or rejecting an order did; `unchanged` when it already was so. */
export const OrderOutcome = Type.Object({
  order_id: Type.String(),
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('rejected')]),
  purpose: OrderPurpose,
  user_id: Type.Integer(),
  unchanged: Type.Boolean(),
})
export type OrderOutcome = Static<typeof OrderOutcome>

/** What paying or failing a withdrawal did; `returned_coins` when failed. */
export const WithdrawalOutcome = Type.Object({
  withdrawal_id: Type.Integer(),
  user_id: Type.Integer(),
  status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]),
  returned_coins: Type.Integer(),
  unchanged: Type.Boolean(),
})
export type WithdrawalOutcome = Static<typeof WithdrawalOutcome>

/** A user's flag and suspension, with the reason a suspended user is told. */
export const Moderation = Type.Object({
  flagged: Type.Boolean(),
  suspended: Type.Boolean(),
  reason: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
})
export type Moderation = Static<typeof Moderation>

/** One user as operators see them (the console's user page and `npm run ops -- user`). */
export const UserLookUp = Type.Object({
  user: Type.Object({
    id: Type.Integer(),
    first_name: Type.String(),
    email: Type.String(),
    phone_number: Type.String(),
    referral_id: Type.String(),
    referred_by: Nullable(Type.Integer()),
    points: Type.Integer({ description: 'Balance in coins.' }),
    views: Type.Integer(),
    membership_plan_id: Nullable(Type.Integer()),
    platform_fee_paid: Type.Integer({ description: '1 when paid.' }),
    email_verified: Type.Integer({ description: '1 when verified.' }),
    created_at: Type.String(),
  }),
  moderation: Moderation,
  plan: Nullable(
    Type.Object({
      id: Type.Integer(),
      membership_type: Type.String(),
      deposit_point: Type.String(),
      video_point: Type.Number(),
    }),
  ),
  referral_count: Type.Integer(),
  ledger_sum: Type.Integer({ description: "The ledger's coins; equals `points` when balanced." }),
  ledger: Type.Array(LedgerEntry, { description: 'The newest 100 rows.' }),
  orders: Type.Array(
    Type.Object({
      ...Type.Pick(Order, [
        'order_id',
        'purpose',
        'amount',
        'status',
        'utr',
        'upi_reference',
        'created_at',
        'expires_at',
      ]).properties,
      plan_name: Nullable(Type.String()),
    }),
  ),
  withdrawals: Type.Array(
    Type.Pick(WithdrawalQueueRow, [
      'id',
      'upi_id',
      'amount',
      'fee',
      'status',
      'upi_reference',
      'reason',
      'created_at',
      'due_at',
    ]),
  ),
})
export type UserLookUp = Static<typeof UserLookUp>

/** One user a search names, with the field that matched (and the UPI ID, when that was it). */
export const UserSearchRow = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  email: Type.String(),
  phone_number: Type.String(),
  points: Type.Integer({ description: 'Balance in coins.' }),
  created_at: Type.String(),
  matched_by: Type.Union([
    Type.Literal('email'),
    Type.Literal('phone'),
    Type.Literal('name'),
    Type.Literal('upi_id'),
    Type.Literal('referral_code'),
  ]),
  upi_id: Nullable(Type.String({ description: 'The UPI ID that matched (`matched_by` upi_id).' })),
})
export type UserSearchRow = Static<typeof UserSearchRow>

/** The users a prefix names, at most `limit`; `capped` when more may match. */
export const UserSearch = Type.Object({
  rows: Type.Array(UserSearchRow),
  capped: Type.Boolean({ description: 'More users may match: type more of it.' }),
})
export type UserSearch = Static<typeof UserSearch>

const guarded = (summary: string) => ({ tags, summary, security: opsAuth })
const answers = <T extends Parameters<typeof Type.Array>[0]>(ok: T) => ({
  200: ok,
  ...errorResponses,
})

/** Route schemas, by route. */
export const opsRoutes = {
  login: {
    tags,
    summary: 'Log in with email, password and the authenticator code (TOTP)',
    body: Type.Object({
      email: Type.String({ maxLength: 154 }),
      password: Type.String({ maxLength: 200 }),
      totp: Type.String({ maxLength: 10 }),
    }),
    response: answers(OperatorSession),
  },
  logout: { ...guarded('End this console session'), response: answers(MessageOnly) },
  password: {
    ...guarded('Replace the password (at least 12 characters)'),
    body: Type.Object({
      current_password: Type.String({ maxLength: 200 }),
      new_password: Type.String({ maxLength: 200 }),
    }),
    response: answers(MessageOnly),
  },
  me: {
    ...guarded("The session's operator"),
    response: answers(Type.Object({ operator: Nullable(Operator) })),
  },
  orders: {
    ...guarded('The order queue, oldest first (default: pending)'),
    querystring: Type.Object({
      ...Page,
      status: Type.Optional(Type.Enum(['pending', 'confirmed', 'rejected', 'cancelled', 'all'])),
      purpose: Type.Optional(OrderPurpose),
      with_utr: Type.Optional(Type.Boolean()),
    }),
    response: answers(paged(OrderQueueRow)),
  },
  confirmOrder: {
    ...guarded('Confirm an order with the payment’s UPI reference (the plan or fee applies)'),
    params: OrderIdParams,
    body: ReferenceBody,
    response: answers(OrderOutcome),
  },
  rejectOrder: {
    ...guarded('Reject an order whose payment never arrived'),
    params: OrderIdParams,
    body: ReasonBody,
    response: answers(OrderOutcome),
  },
  withdrawals: {
    ...guarded('The withdrawal queue by due date, overdue first (default: requested)'),
    querystring: Type.Object({
      ...Page,
      status: Type.Optional(Type.Enum(['requested', 'held', 'paid', 'failed', 'rejected', 'all'])),
      overdue: Type.Optional(Type.Boolean()),
    }),
    response: answers(paged(WithdrawalQueueRow)),
  },
  payWithdrawal: {
    ...guarded('Mark a withdrawal paid with the payout’s UPI reference'),
    params: IdParams,
    body: ReferenceBody,
    response: answers(WithdrawalOutcome),
  },
  approveWithdrawal: {
    ...guarded('Approve a withdrawal held for review: it joins the payout queue'),
    params: IdParams,
    body: ReasonBody,
    response: answers(ReviewOutcome),
  },
  rejectWithdrawal: {
    ...guarded(
      'Reject a withdrawal held for review, with the reason the user is shown; its coins return unless forfeited',
    ),
    params: IdParams,
    body: RejectBody,
    response: answers(ReviewOutcome),
  },
  failWithdrawal: {
    ...guarded('Mark a withdrawal failed; its coins return to the balance'),
    params: IdParams,
    body: ReasonBody,
    response: answers(WithdrawalOutcome),
  },
  users: {
    ...guarded('Find a user by email, phone or referral code'),
    querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 154 }) }),
    response: answers(UserLookUp),
  },
  searchUsers: {
    ...guarded('Users whose email, phone, name, UPI ID or referral code starts with `q`'),
    querystring: Type.Object({
      q: Type.String({ minLength: 1, maxLength: 154 }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    }),
    response: answers(UserSearch),
  },
  user: {
    ...guarded('One user by id, with the ledger, orders and withdrawals'),
    params: IdParams,
    response: answers(UserLookUp),
  },
  moderation: {
    ...guarded('Flag or suspend a user, with the reason'),
    params: IdParams,
    body: Type.Object({
      flagged: Type.Optional(Type.Boolean()),
      suspended: Type.Optional(Type.Boolean()),
      reason: reason(),
    }),
    response: answers(Moderation),
  },
  adjustment: {
    ...guarded('Add (or, negative, take back) coins as a manual_adjustment ledger row'),
    params: IdParams,
    body: Type.Object({
      coins: Type.Integer({
        minimum: -10_000_000,
        maximum: 10_000_000,
        description: 'Coins, a JSON integer, not 0: positive adds, negative takes back.',
      }),
      reason: reason(),
    }),
    response: answers(Type.Object({ ledger_entry_id: Type.Integer(), points: Type.Integer() })),
  },
} as const
