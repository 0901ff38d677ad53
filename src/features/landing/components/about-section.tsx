/**
 * The landing page's About section (SPEC §1): what the product does, with every number taken from
 * the served rules (DECISIONS §3) so the landing never contradicts the terms or How To Earn.
 */
import { formatIndianNumber, formatCoins, formatRupees, type Rules } from '@/shared/rules'

export function AboutSection({ rules }: { rules: Rules }) {
  return (
    <section className="stack below-fold" aria-labelledby="about-title">
      <h2 id="about-title">About</h2>
      <p>
        Watch short videos, earn coins for every video you finish, refer your friends and withdraw
        your earnings to your UPI ID with Paytm, PhonePe, Google Pay, BHIM or any similar UPI app.
      </p>
      <ul className="about-list">
        <li data-testid="about-coins">
          {formatIndianNumber(rules.coinsPerRupee)} coins = {formatRupees(1)}.
        </li>
        <li data-testid="about-bonus">
          Sign-up bonus: {formatCoins(rules.signupBonusCoins, rules)} once you verify your email.
        </li>
        <li data-testid="about-referral">
          Referral reward: {formatCoins(rules.referralRewardReferrerCoins, rules)} for you and{' '}
          {formatCoins(rules.referralRewardFriendCoins, rules)} for your friend when they verify
          their email.
        </li>
        <li data-testid="about-fee">
          Withdrawals need a one-time platform fee of {formatRupees(rules.platformFeeRupees)},
          refundable within {rules.platformFeeRefundDays} days.
        </li>
      </ul>
      <p className="muted">The company may convert rupee earnings into points at any time.</p>
    </section>
  )
}
