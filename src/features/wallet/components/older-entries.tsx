/**
 * The wallet's older rows, page by page (docs/product.md#transparency: every movement, withdrawal and payment, at
 * any length of history): coin movements, withdrawals and payments each page by their own cursor.
 * A page loads when the end of the list scrolls into view, or on the button (no
 * IntersectionObserver, or a keyboard user). Starts from the first page's cursor; the button goes
 * once the oldest row is in.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { msg, t } from '@/i18n/i18n'
import { logFailure } from '@/lib/log-failure'
import {
  getOrdersPage,
  getWalletPage,
  getWithdrawalsPage,
  type OlderPage,
} from '../api/get-wallet-page'
import { LedgerList, OrderList, WithdrawalList } from './wallet-lists'

export const OLDER_FAILED = msg('Could not load older movements. Please try again.')
export const OLDER_WITHDRAWALS_FAILED = msg('Could not load older withdrawals. Please try again.')
export const OLDER_ORDERS_FAILED = msg('Could not load older payments. Please try again.')

/** What one list pages with: its fetch, its rows' list, the button's and the failure's words. */
interface OlderRowsProps<Row> {
  next: string | null
  load(before: string): Promise<OlderPage<Row>>
  list(rows: Row[]): ReactNode
  /** msg() values. */
  more: string
  failure: string
}

function OlderRows<Row>({ next, load, list, more, failure }: OlderRowsProps<Row>) {
  const [rows, setRows] = useState<Row[]>([])
  const [cursor, setCursor] = useState(next)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const end = useRef<HTMLButtonElement>(null)

  const loadMore = async () => {
    if (!cursor || loading) return
    setLoading(true)
    try {
      const page = await load(cursor)
      setRows((shown) => [...shown, ...page.rows])
      setCursor(page.next)
      setFailed(false)
    } catch (err) {
      logFailure('older wallet page failed', err)
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    const button = end.current
    if (!button || failed || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void loadMore()
    })
    observer.observe(button)
    return () => observer.disconnect()
  })

  return (
    <>
      {rows.length > 0 ? list(rows) : null}
      {failed ? (
        <p className="error-text" role="alert">
          {t(failure)}
        </p>
      ) : null}
      {cursor ? (
        <button
          ref={end}
          type="button"
          className="btn btn-secondary"
          disabled={loading}
          onClick={() => void loadMore()}
        >
          {loading ? t('Loading…') : t(more)}
        </button>
      ) : null}
    </>
  )
}

/** Coin movements older than the first page's, from its `next`. */
export function OlderEntries({ next }: { next: string | null }) {
  return (
    <OlderRows
      next={next}
      load={getWalletPage}
      list={(entries) => <LedgerList entries={entries} />}
      more={msg('Show older movements')}
      failure={OLDER_FAILED}
    />
  )
}

/** Withdrawals older than the first page's, from its `withdrawals_next`. */
export function OlderWithdrawals({ next }: { next: string | null }) {
  return (
    <OlderRows
      next={next}
      load={getWithdrawalsPage}
      list={(withdrawals) => <WithdrawalList withdrawals={withdrawals} />}
      more={msg('Show older withdrawals')}
      failure={OLDER_WITHDRAWALS_FAILED}
    />
  )
}

/** Payments (orders) older than the first page's, from its `orders_next`. */
export function OlderOrders({ next }: { next: string | null }) {
  return (
    <OlderRows
      next={next}
      load={getOrdersPage}
      list={(orders) => <OrderList orders={orders} />}
      more={msg('Show older payments')}
      failure={OLDER_ORDERS_FAILED}
    />
  )
}
