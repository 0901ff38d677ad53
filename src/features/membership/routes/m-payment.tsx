/**
 * Payment by UPI (docs/product.md#screens, #transparency, #operators): one order of the server — the order named by
 * `order_id`, or the user's open order for this payment (created on first open, the same one on
 * every reload). Titled by what the user does ("Pay by UPI"; the product’s 'Receive Money' is the payee's
 * word), the plan shown by its name, and an error says what to do when trying again cannot help. A primary "Pay with UPI app" `upi://pay` link hands the payment
 * to the phone's UPI app; two QR codes (one per payee of get-upi) stay for paying from a second
 * phone, with Share QR and Download QR. After paying, the user enters the 12-digit UPI reference.
 * The amount shown and paid is the server's order amount, never the address's.
 */
import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { PageSpinner } from '@/components/page-spinner'
import { readApiError } from '@/lib/api-client'
import { formatRupees } from '@contract/rules'
import type { OrderStatus } from '../api/get-order'
import { QrSlider, type QrSlide } from '../components/qr-slider'
import { UtrForm } from '../components/utr-form'
import { dataUrlToBlob } from '../lib/upi-link'
import { useOrderStatus } from '../lib/use-order-status'
import { buildSlides, hasPayment, loadOrder, readParams, statusText } from '../lib/payment-order'
import '../membership.css'
import { msg, t } from '@/i18n/i18n'
import { planTypeName, usePlansStore } from '@/stores/plans-store'

export const SHARE_UNSUPPORTED = msg(
  'Sharing is not supported on this device. You can download and share manually.',
)
const ORDER_FAILED = msg('Error creating order. Please try again.')
const UPI_FAILED = msg('Error fetching UPI details. Please try again.')
/** Opened without a payment to make: say so, never "pay ₹0". */
export const MISSING_PAYMENT = msg(
  'There is no payment to make here. Choose a plan on Membership Plans, or pay the platform fee from the Platform Fee page.',
)
const ORDER_NOT_FOUND = msg('We could not find this payment.')

/** A failure, and what the user can do about it (beside the product’s text). */
interface Failure {
  text: string
  /** 'retry': trying again may help; 'plans' / 'fee': choose again there; 'wallet': see payments. */
  next: 'retry' | 'plans' | 'fee' | 'wallet' | null
}

/** Refusals of `create-order` that no retry can change: the address names no current plan or amount. */
const STALE_ADDRESS = new Set(['AMOUNT_MISMATCH', 'PLAN_NOT_FOUND', 'FREE_PLAN', 'VALIDATION'])

export default function MPayment() {
  const search = useSearch()
  const [params] = useState(() => readParams(search))
  // One key per visit: a repeated effect (StrictMode, a remount) gets the same order back.
  const [orderKey] = useState(() => crypto.randomUUID())
  const [order, setOrder] = useState<OrderStatus | null>(null)
  const [slides, setSlides] = useState<QrSlide[] | null>(null)
  const [active, setActive] = useState(0)
  const [error, setError] = useState<Failure | null>(() =>
    hasPayment(params) ? null : { text: t(MISSING_PAYMENT), next: null },
  )
  // Each "Try again" runs the loading effect once more.
  const [attempt, setAttempt] = useState(0)
  const polled = useOrderStatus(order?.status === 'pending' ? order.order_id : null)
  const plans = usePlansStore((s) => s.plans)

  useEffect(() => {
    if (!hasPayment(params)) return
    let cancelled = false
    void (async () => {
      let loaded: OrderStatus
      try {
        loaded = await loadOrder(params, orderKey)
        if (cancelled) return
        setOrder(loaded)
      } catch (err) {
        const apiError = await readApiError(err)
        if (cancelled) return
        if (apiError?.status === 404) setError({ text: t(ORDER_NOT_FOUND), next: 'wallet' })
        else if (apiError?.code === 'FEE_ALREADY_PAID')
          setError({ text: apiError.message || t(ORDER_FAILED), next: 'wallet' })
        else if (apiError?.code === 'TOO_MANY_OPEN_ORDERS')
          setError({ text: apiError.message || t(ORDER_FAILED), next: 'wallet' })
        else if (apiError && STALE_ADDRESS.has(apiError.code))
          setError({ text: t(ORDER_FAILED), next: params.isFee ? 'fee' : 'plans' })
        else setError({ text: t(ORDER_FAILED), next: 'retry' })
        return
      }
      // The plan's name comes from the plans (kept on the phone, or fetched now).
      if (loaded.membership_plan_id !== null && !usePlansStore.getState().plans)
        void usePlansStore.getState().load()
      try {
        const built = await buildSlides(loaded)
        if (!cancelled) setSlides(built)
      } catch (err) {
        console.warn('QR codes failed', err)
        if (!cancelled) setError({ text: t(UPI_FAILED), next: 'retry' })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [params, orderKey, attempt])

  const retry = () => {
    setError(null)
    setOrder(null)
    setSlides(null)
    setAttempt((n) => n + 1)
  }

  // The page is ready once the QR codes (or an error) are in. Until then the spinner stands alone,
  // and the order's sections come with the codes in one frame: nothing appears above the spinner
  // and moves when it goes (a layout shift: CLS).
  const ready = slides !== null || error !== null
  const shown = ready ? order : null
  const current = slides?.[active] ?? slides?.[0]
  const orderId = order?.order_id ?? null
  const fileName = `upi-qr-${orderId ?? 'order'}-${active + 1}.png`
  const isFee = order ? order.purpose === 'platform_fee' : params.isFee
  const status = order?.status === 'pending' ? (polled ?? order.status) : (order?.status ?? null)
  const open = status === 'pending' || status === 'expired'
  const plan =
    order?.membership_plan_id != null
      ? plans?.find((p) => p.id === order.membership_plan_id)
      : undefined
  const planName = plan ? planTypeName(plan.membership_type) : null

  const share = async () => {
    if (!current || !order) return
    const file = new File([dataUrlToBlob(current.dataUrl)], fileName, { type: 'image/png' })
    if (typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({
          files: [file],
          title: t('UPI QR code'),
          text: t('Pay {rupees} by UPI', { rupees: formatRupees(order.amount) }),
        })
      } catch {
        // The user closed the share sheet.
      }
    } else {
      window.alert(t(SHARE_UNSUPPORTED))
    }
  }

  const download = () => {
    if (!current) return
    const a = document.createElement('a')
    a.href = current.dataUrl
    a.download = fileName
    document.body.append(a)
    a.click()
    a.remove()
  }

  return (
    <>
      <AppHeader title={t('Pay by UPI')} />
      <main className="page stack">
        <p className="center">{t('From any UPI app (PhonePe, BHIM, GPay, Paytm)')}</p>
        {error ? (
          <div className="stack" data-testid="payment-error">
            <p className="error-text" role="alert" style={{ margin: 0 }}>
              {error.text}
            </p>
            {error.next === 'plans' ? (
              <>
                <p style={{ margin: 0 }}>
                  {t(
                    'This payment link does not match a current plan, so trying again will not help. Choose your plan again.',
                  )}
                </p>
                <Link href="/deposit-fee" className="btn">
                  {t('Choose a plan')}
                </Link>
              </>
            ) : null}
            {error.next === 'fee' ? (
              <>
                <p style={{ margin: 0 }}>
                  {t(
                    'This payment link does not match the platform fee, so trying again will not help. Open the fee page again.',
                  )}
                </p>
                <Link href="/platform-fee" className="btn">
                  {t('Platform Fee')}
                </Link>
              </>
            ) : null}
            {error.next === 'wallet' ? (
              <Link href="/wallet" className="btn btn-outline">
                {t('See your payments in the wallet')}
              </Link>
            ) : null}
            {error.next === 'retry' ? (
              <>
                <p style={{ margin: 0 }}>{t('Check your internet connection, then try again.')}</p>
                <button type="button" className="btn" onClick={retry}>
                  {t('Try again')}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
        {ready ? null : <PageSpinner label={t('Preparing your payment…')} />}
        {shown ? (
          <section className="card stack pay-details" aria-label={t('Payment details')}>
            {/* The amount leads the page, large: the one figure a payer checks. */}
            <p className="pay-amount">
              <span className="pay-amount-label">{t('Amount:')}</span>{' '}
              <strong className="pay-amount-figure" data-testid="payment-amount">
                {formatRupees(shown.amount)}
              </strong>
            </p>
            {isFee ? (
              <p>{t('This is a one-time refundable platform fee.')}</p>
            ) : shown.membership_plan_id !== null ? (
              <p data-testid="payment-plan">
                {t('Plan:')} <strong>{planName ?? t('Membership plan')}</strong>
              </p>
            ) : null}
            <p className="muted">{t('Order ID: {id}', { id: shown.order_id })}</p>
          </section>
        ) : null}
        {slides && current && open ? (
          <>
            <a
              className="btn"
              href={current.link}
              data-testid="upi-app-link"
              aria-describedby="upi-app-hint"
            >
              {t('Pay with UPI app')}
            </a>
            <p id="upi-app-hint" className="muted center" style={{ margin: 0 }}>
              {t(
                'Opens PhonePe, GPay, Paytm, BHIM or another UPI app on this phone with the amount filled in.',
              )}
            </p>
          </>
        ) : null}
        {shown ? (
          <p
            className={`order-status${status === 'confirmed' ? ' ok-text' : ''}`}
            role="status"
            data-testid="order-status"
          >
            {statusText(status, isFee, Boolean(shown.utr))}
          </p>
        ) : null}
        {shown && open ? (
          <UtrForm
            orderId={shown.order_id}
            utr={shown.utr ?? null}
            onSaved={(saved) => setOrder({ ...shown, ...saved })}
          />
        ) : null}
        {slides && open ? (
          <>
            <h2 className="center" style={{ margin: 0, fontSize: '1rem' }}>
              {t('Paying from another phone? Scan a QR code')}
            </h2>
            <QrSlider slides={slides} active={active} onActive={setActive} />
            <p className="center" data-testid="payee-label">
              {t('Pay to {payee}', { payee: current?.label ?? '' })}
            </p>
            <div className="row">
              {/* Secondary to Pay with UPI app: plain buttons, each on one line. */}
              <button
                type="button"
                className="btn btn-outline btn-one-line"
                onClick={() => void share()}
              >
                {t('Share QR')}
              </button>
              <button type="button" className="btn btn-outline btn-one-line" onClick={download}>
                {t('Download QR')}
              </button>
            </div>
          </>
        ) : null}
        {shown && open ? (
          <p className="notice">
            {t(
              'Or take a screenshot of this QR code and pay {rupees} from any UPI app. Then enter the UPI reference above: your payment is confirmed once it reaches us.',
              { rupees: formatRupees(shown.amount) },
            )}
          </p>
        ) : null}
      </main>
    </>
  )
}
