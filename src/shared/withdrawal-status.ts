/**
 * The answer of `GET /withdrawal-status/` (DECISIONS §3–4, issue 13), one shape for the server
 * (server/earning/withdrawal-status.ts) and the PWA (src/lib/withdrawal-status.ts).
 */

/** One condition: `have` and `need` in the condition's unit (coins, videos, friends, 0/1). */
export interface ConditionProgress {
  key: 'balance' | 'videos' | 'referrals' | 'platformFee'
  met: boolean
  have: number
  need: number
}

/** The data of `GET /withdrawal-status/`. */
export interface WithdrawalStatus {
  /** Only the conditions switched on, in the order of `withdrawalConditions`. */
  conditions: ConditionProgress[]
  /** True when every condition is met. */
  eligible: boolean
  /** Days a withdrawal requested now takes (the best paid plan's `withdrawl_days`). */
  payout_days: number
  /** Coins per video on the user's plan. */
  video_point: number
  /** Videos the user can be rewarded for per day (each video once per India day). */
  daily_videos: number
  /**
   * Days of watching every video at `video_point` to reach the minimum balance; 0 when it is
   * reached, null when it cannot be reached by watching (no videos or no reward per video).
   */
  days_to_min_balance: number | null
}
