/**
 * Terms & Conditions (docs/product.md#screens): static text whose every number comes from the served rules
 * (docs/product.md#rules), so the terms state exactly what the server enforces (₹999, not ₹5000).
 */
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { useRules } from '@/stores/rules-store'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { formatIndianNumber, formatRupees } from '@contract/rules'
import { formatCoins } from '@/i18n/format'
import { ContinueWatching } from '../components/continue-watching'
import { t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

export default function Terms() {
  const rules = useRules()
  const referral = {
    mine: formatCoins(rules.referralRewardReferrerCoins, rules),
    theirs: formatCoins(rules.referralRewardFriendCoins, rules),
  }
  return (
    <>
      <AppHeader title={t('Terms & Conditions')} />
      <main className="page stack">
        <p>{t('By using Watch & Earn you agree to these terms.')}</p>

        <section>
          <h2>{t('Coins')}</h2>
          <p data-testid="terms-coins">
            {t(
              'You earn coins for every video you watch to the end; the coins per video depend on your membership plan. {coins} coins = {rupees}. A video earns coins at most once a day.',
              { coins: formatIndianNumber(rules.coinsPerRupee), rupees: formatRupees(1) },
            )}
          </p>
          <p data-testid="terms-referral">
            {rules.referralRewardAfterVideos > 0
              ? t(
                  'When a friend you referred has watched {videos, plural, one {# video} other {# videos}}, you get {mine} and your friend gets {theirs}.',
                  { ...referral, videos: rules.referralRewardAfterVideos },
                )
              : t(
                  'When a friend you referred verifies their email, you get {mine} and your friend gets {theirs}.',
                  referral,
                )}
          </p>
        </section>

        <section>
          <h2>{t('Withdrawals')}</h2>
          <WithdrawalConditions
            rules={rules}
            title=""
            intro={t('You can withdraw your earnings to your UPI ID when all of these are met:')}
          />
          <p>{t('If a payout fails, the amount returns to your balance.')}</p>
          <p data-testid="terms-review">
            {t(
              'A withdrawal that looks like abuse may be held for review: its payout date stays the same, and a person on our team approves or rejects it. If it is rejected, coins earned by breaking these terms (for example several accounts of one person, or rewards claimed by a script) may be forfeited; otherwise they return to your balance.',
            )}
          </p>
          <p>
            <T
              id="Check your UPI ID before you submit: a payout sent to a wrong UPI ID cannot be recalled. See <0>common withdrawal mistakes</0>."
              components={{ 0: <Link href="/your-mistake" /> }}
            />
          </p>
        </section>

        {rules.withdrawRequiresPlatformFee ? (
          <section>
            <h2>{t('Platform fee')}</h2>
            <p data-testid="terms-platform-fee">
              <T
                id="The platform fee of {fee} is paid once and is refundable within {days} days: write to support from the <0>Help Center</0>."
                values={{
                  fee: formatRupees(rules.platformFeeRupees),
                  days: rules.platformFeeRefundDays,
                }}
                components={{ 0: <Link href="/help-center" /> }}
              />
            </p>
          </section>
        ) : null}

        <section>
          <h2>{t('Your account')}</h2>
          <p>
            {t(
              'One account per person. Accounts that cheat the video timers or create fake referrals may be suspended and their coins withheld.',
            )}
          </p>
        </section>

        <section>
          <h2>{t('Points')}</h2>
          <p>{t('The company may convert rupee earnings into points at any time.')}</p>
        </section>

        <ContinueWatching />
      </main>
    </>
  )
}
