/**
 * The order /m-payment pays (docs/product.md#transparency): what its address names, the order itself (the named
 * one, or the user's open order for the payment), its QR slides and the line for its status.
 */
import QRCode from 'qrcode'
import { t } from '@/i18n/i18n'
import { createOrder } from '../api/create-order'
import { getOrder, type OrderStatus } from '../api/get-order'
import { getUpi } from '../api/get-upi'
import type { QrSlide } from '../components/qr-slider'
import { rememberedPayees } from './upi-cache'
import { buildUpiLink } from './upi-link'

/** What the page's address names: a deposit in rupees for a plan or the fee, or an order. */
export interface Params {
  deposit: number
  planId: number | null
  orderId: string | null
  isFee: boolean
}

/** Digits only: whole rupees and ids are sent as JSON integers, and the API takes nothing else. */
const wholeNumber = (text: string | null): number | null =>
  text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null

/**
 * The address's payment. `deposit` is whole rupees, 0 when the address gives no whole number
 * (`99.5`, `1e2`: nothing to pay, never a rounded amount); `planId` null unless digits.
 */
export function readParams(search: string): Params {
  const q = new URLSearchParams(search)
  return {
    deposit: wholeNumber(q.get('deposit')) ?? 0,
    planId: wholeNumber(q.get('membership_plan_id')),
    orderId: q.get('order_id'),
    isFee: q.get('KeyFrom') === 'Platform Fee',
  }
}

/** Whether the address names a payment this page can make or show. */
export function hasPayment(params: Params): boolean {
  return Boolean(params.orderId) || (params.deposit > 0 && (params.isFee || params.planId !== null))
}

/** The order this visit pays: the named one, or the user's open order for this payment. */
export async function loadOrder(params: Params, key: string): Promise<OrderStatus> {
  if (params.orderId) return getOrder(params.orderId)
  // The created order is the order as `GET /orders/:id` shows it, plus its payment page.
  return createOrder(params.deposit, params.isFee ? null : params.planId, key)
}

/** Builds the QR slides for an order: one `upi://pay` link and PNG data URL per payee. */
export async function buildSlides(order: OrderStatus): Promise<QrSlide[]> {
  const payees = rememberedPayees() ?? (await getUpi())
  const note =
    order.purpose === 'platform_fee'
      ? 'Platform fee'
      : `Membership plan ${order.membership_plan_id ?? ''}`.trim()
  return Promise.all(
    payees.slice(0, 2).map(async (p) => {
      const link = buildUpiLink({
        upiId: p.upi_id,
        payeeName: p.payee_name,
        amount: order.amount,
        orderId: order.order_id,
        note,
      })
      const dataUrl = await QRCode.toDataURL(link, {
        width: 240,
        margin: 2,
        errorCorrectionLevel: 'M',
      })
      return { dataUrl, link, label: `${p.payee_name} (${p.upi_id})` }
    }),
  )
}

/** The line under the QR codes for an order's status. */
export function statusText(
  status: OrderStatus['status'] | null,
  isFee: boolean,
  hasUtr: boolean,
): string {
  switch (status) {
    case 'confirmed':
      return isFee
        ? t('Payment confirmed. Your platform fee is paid.')
        : t('Payment confirmed. Your plan is active.')
    case 'rejected':
      return t('Payment was not received. The order was rejected.')
    case 'cancelled':
      return t('This order was closed: the platform fee is already paid.')
    case 'expired':
      return t(
        'This order expired (not paid within 24 hours). Reload the payment page for a new one.',
      )
    default:
      return hasUtr
        ? t('Payment status: reference received, waiting for confirmation')
        : t('Payment status: waiting for confirmation')
  }
}
