/**
 * `GET /withdrawal-status/` (docs/product.md#transparency): the signed-in user's progress on every withdrawal
 * condition, the payout days of the user's plan and the days to the minimum balance.
 * `useWithdrawalStatus()` fetches it for a logged-in visitor only; a guest gets null.
 */
import { useEffect, useState } from 'react'
import { api } from './api-client'
import { isLoggedIn } from './session'
import type { WithdrawalStatus } from '@contract/api/earning'

export type { ConditionProgress, WithdrawalStatus } from '@contract/api/earning'

/** Fetches the status; throws on failure. */
export async function getWithdrawalStatus(): Promise<WithdrawalStatus> {
  const body = await api.get('withdrawal-status/').json<{ data: WithdrawalStatus }>()
  return body.data
}

/**
 * The status for a logged-in visitor (null until it arrives, and for a guest), and whether asking
 * for it failed (offline or refused: the caller then shows the rules without the user's progress).
 */
export function useWithdrawalStatusResult(): {
  status: WithdrawalStatus | null
  failed: boolean
} {
  const [result, setResult] = useState<{ status: WithdrawalStatus | null; failed: boolean }>({
    status: null,
    failed: false,
  })
  useEffect(() => {
    if (!isLoggedIn()) return
    let live = true
    getWithdrawalStatus()
      .then((status) => {
        if (live) setResult({ status, failed: false })
      })
      .catch((error: unknown) => {
        console.warn('withdrawal status failed', error)
        if (live) setResult({ status: null, failed: true })
      })
    return () => {
      live = false
    }
  }, [])
  return result
}

/** The status for a logged-in visitor (null until it arrives, and for a guest or on failure). */
export function useWithdrawalStatus(): WithdrawalStatus | null {
  return useWithdrawalStatusResult().status
}
