/**
 * Payment by UPI (SPEC §2, DECISIONS §8): 'Receive Money', two real UPI QR codes (one per payee of
 * get-upi) built from `upi://pay` links, Share QR and Download QR, the amount with the plan id or
 * the platform fee note, and the order's status polled until an operator confirms it. Opened
 * without an order_id (the platform fee), it creates the order first.
 */
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import QRCode from 'qrcode'
import { AppHeader } from '@/components/app-header'
import { PageSpinner } from '@/components/page-spinner'
import { readApiError } from '@/lib/api-client'
import { formatRupees } from '@/shared/rules'
import { createOrder } from '../api/create-order'
import { getUpi } from '../api/get-upi'
import { QrSlider, type QrSlide } from '../components/qr-slider'
import { rememberedPayees } from '../lib/upi-cache'
import { buildUpiLink, dataUrlToBlob } from '../lib/upi-link'
import { useOrderStatus } from '../lib/use-order-status'
import '../membership.css'

export const SHARE_UNSUPPORTED =
  'Sharing is not supported on this device. You can download and share manually.'
const ORDER_FAILED = 'Error creating order. Please try again.'
const UPI_FAILED = 'Error fetching UPI details. Please try again.'

interface Params {
  deposit: number
  planId: number | null
  orderId: string | null
  isFee: boolean
}

function readParams(search: string): Params {
  const q = new URLSearchParams(search)
  const planId = q.get('membership_plan_id')
  return {
    deposit: Number(q.get('deposit') ?? 0),
    planId: planId ? Number(planId) : null,
    orderId: q.get('order_id'),
    isFee: q.get('KeyFrom') === 'Platform Fee',
  }
}

/** Builds the QR slides for an order: one `upi://pay` link and PNG data URL per payee. */
async function buildSlides(params: Params, orderId: string): Promise<QrSlide[]> {
  const payees = rememberedPayees() ?? (await getUpi())
  const note = params.isFee ? 'Platform fee' : `Membership plan ${params.planId ?? ''}`.trim()
  return Promise.all(
    payees.slice(0, 2).map(async (p) => {
      const link = buildUpiLink({
        upiId: p.upi_id,
        payeeName: p.payee_name,
        amount: params.deposit,
        orderId,
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

export default function MPayment() {
  const search = useSearch()
  const [params] = useState(() => readParams(search))
  // One key per visit: a repeated effect (StrictMode, a remount) gets the same order back.
  const [orderKey] = useState(() => crypto.randomUUID())
  const [orderId, setOrderId] = useState<string | null>(params.orderId)
  const [slides, setSlides] = useState<QrSlide[] | null>(null)
  const [active, setActive] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const status = useOrderStatus(orderId)

  useEffect(() => {
    let cancelled = false
    void (async () => {
      let id = params.orderId
      if (!id) {
        try {
          id = (await createOrder(params.deposit, params.isFee ? null : params.planId, orderKey))
            .order_id
          if (cancelled) return
          setOrderId(id)
        } catch (err) {
          const apiError = await readApiError(err)
          if (!cancelled)
            setError(
              apiError?.code === 'FEE_ALREADY_PAID'
                ? apiError.message || ORDER_FAILED
                : ORDER_FAILED,
            )
          return
        }
      }
      try {
        const built = await buildSlides(params, id)
        if (!cancelled) setSlides(built)
      } catch (err) {
        console.error('QR codes failed', err)
        if (!cancelled) setError(UPI_FAILED)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [params, orderKey])

  const current = slides?.[active] ?? slides?.[0]
  const fileName = `upi-qr-${orderId ?? 'order'}-${active + 1}.png`

  const share = async () => {
    if (!current) return
    const file = new File([dataUrlToBlob(current.dataUrl)], fileName, { type: 'image/png' })
    if (typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({
          files: [file],
          title: 'UPI QR code',
          text: `Pay ${formatRupees(params.deposit)} by UPI`,
        })
      } catch {
        // The user closed the share sheet.
      }
    } else {
      window.alert(SHARE_UNSUPPORTED)
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
      <AppHeader title="Receive Money" />
      <main className="page stack">
        <p className="center">From any UPI app (PhonePe, BHIM, GPay, Paytm)</p>
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        {!slides && !error ? <PageSpinner label="Preparing QR codes…" /> : null}
        {slides ? (
          <>
            <QrSlider slides={slides} active={active} onActive={setActive} />
            <p className="center" data-testid="payee-label">
              Pay to {current?.label}
            </p>
            <div className="row">
              <button type="button" className="btn btn-outline" onClick={() => void share()}>
                Share QR
              </button>
              <button type="button" className="btn" onClick={download}>
                Download QR
              </button>
            </div>
          </>
        ) : null}
        {orderId ? (
          <p
            className={`order-status${status === 'confirmed' ? ' ok-text' : ''}`}
            role="status"
            data-testid="order-status"
          >
            {status === 'confirmed'
              ? params.isFee
                ? 'Payment confirmed. Your platform fee is paid.'
                : 'Payment confirmed. Your plan is active.'
              : status === 'rejected'
                ? 'Payment was not received. The order was rejected.'
                : 'Payment status: waiting for confirmation'}
          </p>
        ) : null}
        <section className="card stack" aria-label="Payment details">
          <p>
            Amount: <strong data-testid="payment-amount">{formatRupees(params.deposit)}</strong>
          </p>
          {params.isFee ? (
            <p>This is a one-time refundable platform fee.</p>
          ) : params.planId !== null ? (
            <p>
              Membership Plan ID: <strong>{params.planId}</strong>
            </p>
          ) : null}
          {orderId ? <p className="muted">Order ID: {orderId}</p> : null}
        </section>
        <p className="notice">
          Take a screenshot of this QR code and pay {formatRupees(params.deposit)} from any UPI app.
          Keep the UPI transaction reference: your payment is confirmed once we receive it.
        </p>
      </main>
    </>
  )
}
