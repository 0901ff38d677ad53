/**
 * The details a payment result page shows (SPEC §2, §4): from `GET /orders/{order_id}` when the
 * visitor is logged in and the server has the order, else from the query (`order_id`, `amount` in
 * rupees, `method`).
 * The page shows Loading for at least 2 seconds, then the details or the error.
 */
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { isLoggedIn } from '@/lib/session'
import { getOrder } from '../api/get-order'
import { RESULT_LOADING_MS } from '../messages'

export interface TransactionDetails {
  /** The UPI reference when the server has one, else the order id. */
  transactionNumber: string
  /** Whole rupees (or paise as a fraction). */
  amount: number
  method: string
}

export type TransactionState =
  { kind: 'loading' } | { kind: 'ready'; details: TransactionDetails } | { kind: 'error' }

/** Reads the details from the query alone; null when order_id or a positive amount is missing. */
function fromQuery(query: URLSearchParams): TransactionDetails | null {
  const orderId = query.get('order_id')?.trim() ?? ''
  const amountText = query.get('amount')?.trim() ?? ''
  const amount = Number(amountText)
  if (!orderId || amountText === '' || !Number.isFinite(amount) || amount <= 0) return null
  return { transactionNumber: orderId, amount, method: query.get('method')?.trim() || 'Card' }
}

async function loadDetails(query: URLSearchParams): Promise<TransactionDetails | null> {
  const orderId = query.get('order_id')?.trim()
  if (orderId && isLoggedIn()) {
    try {
      const order = await getOrder(orderId)
      return {
        transactionNumber: order.upi_reference ?? order.order_id,
        amount: Number(order.amount),
        method: query.get('method')?.trim() || 'UPI',
      }
    } catch (error) {
      // A card order lives at the provider, not in our orders: the query is all there is then.
      const details = fromQuery(query)
      if (details) return details
      throw error
    }
  }
  return fromQuery(query)
}

/** Loading (≥ RESULT_LOADING_MS), then the details, or an error when they cannot be found. */
export function useTransactionDetails(): TransactionState {
  const search = useSearch()
  const [elapsed, setElapsed] = useState(false)
  const [result, setResult] = useState<TransactionState>({ kind: 'loading' })

  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), RESULT_LOADING_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    let live = true
    loadDetails(new URLSearchParams(search))
      .then((details) => {
        if (live) setResult(details ? { kind: 'ready', details } : { kind: 'error' })
      })
      .catch((error: unknown) => {
        console.error('transaction details failed', error)
        if (live) setResult({ kind: 'error' })
      })
    return () => {
      live = false
    }
  }, [search])

  return elapsed ? result : { kind: 'loading' }
}
