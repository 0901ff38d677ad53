/**
 * The dashboard's popups (docs/product.md#flows): the withdrawal requirements, the ₹100 signup bonus for a new
 * user (in the app's language), and the congratulations after a reward with the new balance and
 * Next video. Numbers come from the served rules.
 * Escape closes the requirements and congratulations popups; the bonus popup's only way out is
 * Get Started (docs/product.md#flows). Focus then goes back to the opener, or to the player's Play/Pause button.
 */
import { Popup } from '@/components/popup'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { BalanceCard } from '@/components/balance-card'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { coinsToRupees, formatRupees, type Rules } from '@contract/rules'
import { amountParts } from '@/i18n/format'
import { t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

/** The player's Play/Pause button (video-player.tsx), where focus goes when a popup it ran under closes. */
const playButton = () => document.querySelector<HTMLElement>('.player-controls button')

/**
 * Shown when the balance is under the minimum (docs/product.md#flows): every enforced condition with the
 * user's progress and the days to the minimum balance (docs/product.md#transparency).
 */
export function WithdrawRequirementsPopup({ rules, onClose }: { rules: Rules; onClose(): void }) {
  return (
    <Popup title={t('Withdrawal requirements')} onDismiss={onClose}>
      <p className="error-text">
        {t('You need a minimum balance of {rupees} to withdraw earnings.', {
          rupees: formatRupees(rules.withdrawMinBalanceRupees),
        })}
      </p>
      <WithdrawalConditions rules={rules} title="" />
      <button type="button" className="btn" onClick={onClose}>
        {t('OK')}
      </button>
    </Popup>
  )
}

/**
 * The signup bonus popup for a user with 0 views (docs/product.md#flows; docs/product.md#deviations): the product’s
 * Hindi text in Hindi and the same words in English, the bonus from the served rules. Get Started
 * only closes it: nothing starts until the user presses Play.
 */
export function BonusPopup({ rules, onClose }: { rules: Rules; onClose(): void }) {
  const bonus = formatRupees(coinsToRupees(rules.signupBonusCoins, rules))
  return (
    <Popup title={t('Congratulations!')} returnFocus={playButton}>
      <div className="stack" data-testid="bonus-popup-text">
        <p>
          <T
            id="You have received a bonus of <0>{bonus}</0>!"
            values={{ bonus }}
            components={{ 0: <strong /> }}
          />
        </p>
        <p>{t('Watch videos and earn coins on every video.')}</p>
      </div>
      <button type="button" className="btn" onClick={onClose}>
        {t('Get Started')}
      </button>
    </Popup>
  )
}

/**
 * Congratulations after a reward: the coins earned in large type with their rupee value beside
 * (docs/product.md#units: coins first on earning screens) and Next video, which closes it and
 * starts the next video. `credited`: the claim reached the server, so the new balance shows — the
 * signed-in user's `points`, the very figure the dashboard's card shows (the claim's answer is put
 * there the moment it arrives); false while the claim waits in the outbox (`pending`).
 */
export function RewardPopup({
  coins,
  credited,
  pending,
  onNext,
  onClose,
}: {
  coins: number
  credited: boolean
  pending: boolean
  onNext(): void
  onClose(): void
}) {
  const rules = useRules()
  const balance = useUserStore((s) => s.user?.points ?? null)
  const earned = amountParts(coins, 'coins', rules)
  return (
    <Popup title={t('Congratulations!')} onDismiss={onClose} returnFocus={playButton}>
      <div className="reward-moment">
        <p className="reward-moment-label">{t('You earned')}</p>
        <p data-testid="reward-popup-coins" className="reward-moment-figure">
          <span className="reward-moment-lead">+{earned.lead}</span>{' '}
          <span className="reward-moment-beside">({earned.beside})</span>
        </p>
      </div>
      {credited && balance !== null ? (
        <BalanceCard
          coins={balance}
          rules={rules}
          lead="coins"
          label={t('Your new balance')}
          testId="reward-popup-balance"
        />
      ) : null}
      {pending ? (
        <p className="muted">{t('Pending: it will be credited when you are back online.')}</p>
      ) : null}
      <button type="button" className="btn" onClick={onNext}>
        {t('Next video')}
      </button>
    </Popup>
  )
}
