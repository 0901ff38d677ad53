/**
 * `GET /withdrawal-status/` (DECISIONS §4, issue 13): the signed-in user's progress on every
 * withdrawal condition, the payout days of the user's plan and the days to the minimum balance.
 * `useWithdrawalStatus()` fetches it for a logged-in visitor only; a guest gets null.
 */
import { useEffect, useState } from 'react'
import { api } from './api-client'
import { isLoggedIn } from './session'

/** One condition: `have`/`need` in its unit (coins, videos, friends, fee paid 0/1). */
export interface ConditionProgress {
  key: 'balance' | 'videos' | 'referrals' | 'platformFee'
  met: boolean
  have: number
  need: number
}

/** The server's answer (server/earning/withdrawal-status.ts). */
export interface WithdrawalStatus {
  conditions: ConditionProgress[]
  eligible: boolean
  /** Days a withdrawal requested now takes on the user's best paid plan. */
  payout_days: number
  /** Coins per video on the user's plan. */
  video_point: number
  /** Videos rewarded per day (each once a day). */
  daily_videos: number
  /** Days of watching to the minimum balance; 0 when reached, null when unreachable by watching. */
  days_to_min_balance: number | null
}

/** Fetches the status; throws on failure. */
export async function getWithdrawalStatus(): Promise<WithdrawalStatus> {
  const body = await api.get('withdrawal-status/').json<{ data: WithdrawalStatus }>()
  return body.data
}

/** The status for a logged-in visitor (null until it arrives, and for a guest or on failure). */
export function useWithdrawalStatus(): WithdrawalStatus | null {
  const [status, setStatus] = useState<WithdrawalStatus | null>(null)
  useEffect(() => {
    if (!isLoggedIn()) return
    let live = true
    getWithdrawalStatus()
      .then((s) => {
        if (live) setStatus(s)
      })
      // Offline or refused: the conditions still show, without the user's progress.
      .catch((error: unknown) => console.warn('withdrawal status failed', error))
    return () => {
      live = false
    }
  }, [])
  return status
}
