/**
 * The landing page's About section (docs/product.md#what-it-is): what the product does, with every number taken from
 * the served rules (docs/product.md#rules) so the landing never contradicts the terms or How To Earn.
 */
import type { Rules } from '@contract/rules'
import { formatIndianNumber, formatCoins, formatRupees } from '@/i18n/format'
import { t } from '@/i18n/i18n'

export function AboutSection({ rules }: { rules: Rules }) {
  const referral = {
    yours: formatCoins(rules.referralRewardReferrerCoins, rules),
    friends: formatCoins(rules.referralRewardFriendCoins, rules),
  }
  return (
    <section className="stack below-fold" aria-labelledby="about-title">
      <h2 id="about-title">{t('About')}</h2>
      <p>
        {t(
          'Watch short videos, earn coins for every video you finish, refer your friends and withdraw your earnings to your UPI ID with Paytm, PhonePe, Google Pay, BHIM or any similar UPI app.',
        )}
      </p>
      <ul className="about-list">
        <li data-testid="about-coins">
          {t('{coins} coins = {rupees}.', {
            coins: formatIndianNumber(rules.coinsPerRupee),
            rupees: formatRupees(1),
          })}
        </li>
        <li data-testid="about-bonus">
          {t('Sign-up bonus: {coins} once you verify your email.', {
            coins: formatCoins(rules.signupBonusCoins, rules),
          })}
        </li>
        <li data-testid="about-referral">
          {rules.referralRewardAfterVideos > 0
            ? t(
                'Referral reward: {yours} for you and {friends} for your friend once they have watched {videos, plural, one {# video} other {# videos}}.',
                { ...referral, videos: rules.referralRewardAfterVideos },
              )
            : t(
                'Referral reward: {yours} for you and {friends} for your friend when they verify their email.',
                referral,
              )}
        </li>
        <li data-testid="about-fee">
          {t('Withdrawals need a one-time platform fee of {fee}, refundable within {days} days.', {
            fee: formatRupees(rules.platformFeeRupees),
            days: rules.platformFeeRefundDays,
          })}
        </li>
      </ul>
      <p className="muted">
        {t('The company may convert rupee earnings into points at any time.')}
      </p>
    </section>
  )
}
