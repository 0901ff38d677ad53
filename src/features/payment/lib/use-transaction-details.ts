/**
 * What a payment result page shows (docs/product.md#screens, #flows, #transparency): only the server's record of the
 * order named by `order_id` (`GET /payment-result/`: the user's own order, else the card provider's
 * answer for the test page). Never an amount or status from the address: an unknown or foreign
 * order reads 'not-found', a network failure 'error'.
 * The page shows Loading until 2 seconds after it opened and the answer has come, then the result.
 */
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { getPaymentResult } from '../api/get-payment-result'
import { RESULT_LOADING_MS } from '../messages'

export interface TransactionDetails {
  orderId: string
  /** The UPI reference when the server has one, else the order id. */
  transactionNumber: string
  /** Whole rupees (or paise as a fraction), from the server. */
  amount: number
  method: string
  /** The server's status of the order. */
  status: 'pending' | 'confirmed' | 'rejected' | 'cancelled' | 'expired'
}

export type TransactionState =
  | { kind: 'loading' }
  | { kind: 'ready'; details: TransactionDetails }
  | { kind: 'not-found'; reason: 'no-order-id' | 'unknown' }
  | { kind: 'error' }

/** The server's record of `orderId`; null when it knows no such order for this visitor. */
async function loadDetails(orderId: string): Promise<TransactionDetails | null> {
  const order = await getPaymentResult(orderId)
  if (!order) return null
  return {
    orderId: order.order_id,
    transactionNumber: order.upi_reference ?? order.order_id,
    amount: Number(order.amount),
    method: order.method,
    status: order.status,
  }
}

/** The page (its performance.timeOrigin) whose opening a result screen has taken as its own. */
let openingTakenBy: number | null = null

/**
 * When the result screen opened (ms, performance.now()'s clock): the first result screen of a page
 * loaded at its address opened with the page (0: the navigation's start), so its Loading counts
 * from there, not from the app's start (docs/product.md#budgets: the result by 2.3 s); any other
 * (an in-app navigation, a return to it) opens now.
 */
function screenOpenedAt(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? []
  const page = performance.timeOrigin
  if (openingTakenBy === page || navigation?.name !== window.location.href) return performance.now()
  openingTakenBy = page
  return 0
}

/**
 * Loading until RESULT_LOADING_MS after the screen opened (screenOpenedAt) and the server has
 * answered, then the server's record, 'not-found', or 'error'. The first render is always Loading,
 * as the server drew the page, however late the app hydrates it: the time is read in an effect.
 */
export function useTransactionDetails(): TransactionState {
  const search = useSearch()
  const [elapsed, setElapsed] = useState(false)
  const [result, setResult] = useState<TransactionState>({ kind: 'loading' })
  const openedAt = useRef<number | null>(null)

  useEffect(() => {
    openedAt.current ??= screenOpenedAt()
    const left = openedAt.current + RESULT_LOADING_MS - performance.now()
    const timer = setTimeout(() => setElapsed(true), Math.max(0, left))
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    let live = true
    const orderId = new URLSearchParams(search).get('order_id')?.trim() ?? ''
    if (!orderId) {
      setResult({ kind: 'not-found', reason: 'no-order-id' })
      return
    }
    loadDetails(orderId)
      .then((details) => {
        if (live)
          setResult(details ? { kind: 'ready', details } : { kind: 'not-found', reason: 'unknown' })
      })
      .catch((error: unknown) => {
        console.warn('transaction details failed', error)
        if (live) setResult({ kind: 'error' })
      })
    return () => {
      live = false
    }
  }, [search])

  return elapsed ? result : { kind: 'loading' }
}
