/**
 * Polls `GET /orders/:id` every 5 s while the page is visible, until the order is confirmed or
 * rejected by an operator (docs/product.md#operators); refreshes the user once it is confirmed.
 * The first look is one interval after the order came (it came with its status), or at once when
 * the page is shown again.
 */
import { useEffect, useState } from 'react'
import { refreshUser } from '@/stores/get-user'
import { getOrder, type OrderStatus } from '../api/get-order'
import { logFailure } from '@/lib/log-failure'

export const ORDER_POLL_MS = 5_000

export function useOrderStatus(orderId: string | null): OrderStatus['status'] | null {
  const [status, setStatus] = useState<OrderStatus['status'] | null>(null)
  useEffect(() => {
    if (!orderId) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let running = false
    const poll = async () => {
      if (stopped || running) return
      running = true
      clearTimeout(timer)
      try {
        if (await pollOnce()) return
      } finally {
        running = false
      }
      if (!stopped) timer = setTimeout(() => void poll(), ORDER_POLL_MS)
    }
    /** One look at the order; true once it is final. */
    const pollOnce = async (): Promise<boolean> => {
      if (document.visibilityState === 'visible' && navigator.onLine) {
        try {
          const order = await getOrder(orderId)
          if (stopped) return true
          setStatus(order.status)
          if (order.status !== 'pending') {
            if (order.status === 'confirmed') void refreshUser().catch(() => undefined)
            return true
          }
        } catch (error) {
          logFailure('order status failed', error)
        }
      }
      return false
    }
    // The order's status came with the order: the first look is one interval later.
    timer = setTimeout(() => void poll(), ORDER_POLL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [orderId])
  return status
}
