/**
 * The dashboard's popups (SPEC §4): the withdrawal requirements, the Hindi ₹100 bonus for a new
 * user, and the congratulations after a reward with the new balance and Next video. Numbers come from the served rules (DECISIONS §3).
 * Escape closes the requirements and congratulations popups; the bonus popup's only way out is
 * Get Started (SPEC §4). Focus then goes back to the opener, or to the player's Play/Pause button.
 */
import { Popup } from '@/components/popup'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { BalanceCard } from '@/components/balance-card'
import { useRules } from '@/stores/rules-store'
import { formatRupees, type Rules } from '@contract/rules'
import { formatCoins } from '@/i18n/format'
import { t } from '@/i18n/i18n'

/** The player's Play/Pause button (video-player.tsx), where focus goes when a popup it ran under closes. */
const playButton = () => document.querySelector<HTMLElement>('.player-controls button')

/**
 * Shown when the balance is under the minimum (SPEC §4): every enforced condition with the
 * user's progress and the days to the minimum balance (DECISIONS §4).
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

/** The bonus popup for a user with 0 views (SPEC §4), in Hindi; Get Started starts play. */
export function BonusPopup({ rules, onStart }: { rules: Rules; onStart(): void }) {
  const bonus = formatRupees(rules.signupBonusCoins / rules.coinsPerRupee)
  return (
    <Popup title="बधाई हो!" titleLang="hi" returnFocus={playButton}>
      <div lang="hi" className="stack">
        <p>
          आपको <strong>{bonus} का बोनस</strong> मिला है!
        </p>
        <p>वीडियो देखिए और हर वीडियो पर कॉइन कमाइए।</p>
      </div>
      <button type="button" className="btn" onClick={onStart}>
        {t('Get Started')}
      </button>
    </Popup>
  )
}

/**
 * Congratulations after a reward: the coins earned, the new balance from the claim's answer
 * (`balance`, coins; null while the claim waits in the outbox, `pending`) and Next video, which
 * closes it and starts the next video.
 */
export function RewardPopup({
  coins,
  balance,
  pending,
  onNext,
  onClose,
}: {
  coins: number
  balance: number | null
  pending: boolean
  onNext(): void
  onClose(): void
}) {
  const rules = useRules()
  return (
    <Popup title={t('Congratulations!')} onDismiss={onClose} returnFocus={playButton}>
      <p data-testid="reward-popup-coins" className="reward-coins">
        {t('You earned {coins}', { coins: formatCoins(coins) })}
      </p>
      {balance !== null ? (
        <BalanceCard
          coins={balance}
          rules={rules}
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
