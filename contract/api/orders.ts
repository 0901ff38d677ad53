/**
 * The shapes of orders (contract-earning, docs/product.md#screens, #api, #flows, #transparency): an order as its owner sees it,
 * the order `POST /create-order/` makes (or the card test page's), the UTR a user enters, what a
 * payment result page shows, and the UPI payees. Their routes are in earning.ts's
 * `earningRoutes`. Amounts are whole rupees unless a field says it may have paise.
 */
import { Type, type Static } from 'typebox'
import { Nullable, RowId, WholeRupees } from './common'

const isoTime = (description = 'ISO 8601 time.') => Type.String({ description })

export const OrderStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('confirmed'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
])
export type OrderStatus = Static<typeof OrderStatus>
export const OrderPurpose = Type.Union([Type.Literal('membership'), Type.Literal('platform_fee')])

/**
 * An order as its owner sees it (`amount` whole rupees). 'expired': open past its 24 hours with no
 * UTR; 'cancelled': the fee was paid by another order.
 */
export const Order = Type.Object({
  order_id: Type.String(),
  amount: Type.Number(),
  status: OrderStatus,
  purpose: OrderPurpose,
  membership_plan_id: Nullable(Type.Integer()),
  upi_reference: Nullable(
    Type.String({ description: 'The reference the payment was confirmed with.' }),
  ),
  utr: Nullable(Type.String({ description: 'The 12-digit UPI reference the user entered.' })),
  created_at: isoTime(),
  expires_at: Nullable(isoTime()),
})
export type Order = Static<typeof Order>

/** `POST /create-order/`'s order: the order, its payment page, and whether an open one was reused. */
export const CreatedOrder = Type.Object({
  ...Order.properties,
  payment_session_id: Type.String(),
  link_url: Type.String(),
  reused: Type.Boolean({ description: 'True when the open order for the same payment came back.' }),
})
export type CreatedOrder = Static<typeof CreatedOrder>

/** The card test page's five fields (docs/product.md#screens), form-encoded; `order_amount` is rupees as typed. */
export const CardOrderFields = Type.Object({
  order_id: Type.String({ maxLength: 200 }),
  order_amount: Type.String({ maxLength: 200 }),
  customer_name: Type.String({ maxLength: 200 }),
  customer_email: Type.String({ maxLength: 200 }),
  customer_phone: Type.String({ maxLength: 200 }),
})
export type CardOrderFields = Static<typeof CardOrderFields>

/**
 * JSON `{ amount, membership_plan_id }` (a plan deposit, or the fee with null), or the card test
 * page's form. The JSON numbers are JSON integers, never text; the form's fields are all text
 * (a form has no numbers), `order_amount` read by the card page's own rule.
 */
export const CreateOrderBody = Type.Object({
  amount: Type.Optional(WholeRupees('Whole rupees, a JSON integer (JSON body only).')),
  membership_plan_id: Type.Optional(Nullable(RowId('The plan (JSON body only); null: the fee.'))),
  ...Type.Partial(CardOrderFields).properties,
})
export type CreateOrderBody = Static<typeof CreateOrderBody>

/** The card provider's session for the test page's order (docs/product.md#api). */
export const CardOrderCreated = Type.Object({ cftoken: Type.String(), order_id: Type.String() })
export type CardOrderCreated = Static<typeof CardOrderCreated>

export const OrderParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export const UtrBody = Type.Object({ utr: Type.String({ maxLength: 64 }) })

/** What a result page shows of an order (`amount` rupees, paise possible for a card order). */
export const PaymentResultOrder = Type.Object({
  order_id: Type.String(),
  amount: Type.Number(),
  status: OrderStatus,
  method: Type.Union([Type.Literal('UPI'), Type.Literal('Card')]),
  upi_reference: Nullable(Type.String()),
})
export type PaymentResultOrder = Static<typeof PaymentResultOrder>

export const UpiPayee = Type.Object({ upi_id: Type.String(), payee_name: Type.String() })
export type UpiPayee = Static<typeof UpiPayee>
