/**
 * Starts the outbox with the kinds of item the features define: reward claims (dashboard) and
 * withdrawal requests (withdraw). Loaded on demand by the app (src/app/app.tsx), so neither the
 * outbox nor the kinds weigh on the first route's JavaScript.
 */
import { startOutbox } from '@/lib/outbox/outbox'
import { REWARD_CLAIMS } from '@/features/dashboard/lib/reward-claims'
import { WITHDRAWAL_REQUESTS } from '@/features/withdraw/lib/withdrawal-requests'

/** Registers the kinds and starts the outbox's triggers; later calls do nothing. */
export function startAppOutbox(): void {
  startOutbox([REWARD_CLAIMS, WITHDRAWAL_REQUESTS])
}
