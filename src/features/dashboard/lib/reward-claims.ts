/**
 * The reward claim as a kind of outbox item (docs/product.md#flows, #api, #deviations): sent to
 * `POST /add-reward/`; when one reaches the server in the background the user is told the coins and
 * the balance takes the answer's new figures at once, with no second request.
 */
import { notify } from '@/lib/notify'
import { defineOutboxKind } from '@/lib/outbox/outbox-kinds'
import { useUserStore } from '@/stores/user-store'
import { formatCoins } from '@/i18n/format'
import { t } from '@/i18n/i18n'
import { apiErrorText } from '@/lib/api-error-text'
import type {
  RewardClaim as RewardClaimBody,
  RewardCredited as RewardData,
} from '@contract/api/earning'

export type { RewardData }

/** The claim: the video (dashboard id) and when its timer completed (ISO, server clock). */
export type RewardClaim = RewardClaimBody & { watched_at: string } & Record<string, unknown>

/** The body of a 2xx answer to a claim. */
export interface RewardAnswer {
  data?: RewardData
}

/** Puts an accepted claim's new balance (coins) and views into the signed-in user. */
export function applyReward(data: RewardData): void {
  useUserStore.getState().setBalance({ points: data.points, views: data.views })
}

/** Why a claim was refused, for a toast or the wallet. */
export function describeRewardError(message: string | undefined): string {
  return t('Reward not credited: {reason}', { reason: message || t('the claim was refused.') })
}

export const REWARD_CLAIMS = defineOutboxKind<RewardClaim, RewardAnswer>({
  name: 'reward',
  path: 'add-reward/',
  onDone(answer) {
    notify.success(t('Reward credited: {coins}', { coins: formatCoins(answer?.data?.coins ?? 0) }))
    if (answer?.data) applyReward(answer.data)
  },
  onFinal(error) {
    notify.error(describeRewardError(apiErrorText(error)))
  },
  describeError: (error) => describeRewardError(apiErrorText(error)),
})
