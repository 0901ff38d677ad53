/**
 * How To Earn (docs/product.md#screens): the three steps — watch videos, refer friends, get paid — with the real
 * numbers: coins per video from the user's plan (`membership__video_point`), and the referral
 * reward, withdrawal conditions, transfer fee and timeline from the served rules (docs/product.md#rules).
 * The user comes from the saved copy, labelled with its time, then from `GET /get-user/`
 * (docs/product.md#budgets).
 */
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { UserSavedAt } from '@/components/user-saved-at'
import { refreshUser } from '@/stores/get-user'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { WithdrawalConditions } from '@/components/withdrawal-conditions'
import { formatIndianNumber, formatRupees } from '@contract/rules'
import { formatCoins } from '@/i18n/format'
import { t } from '@/i18n/i18n'
import '../how-to-earn.css'

export default function HowToEarn() {
  const rules = useRules()
  const videoPoint = useUserStore((s) => s.user?.membership__video_point)
  const referral = {
    mine: formatCoins(rules.referralRewardReferrerCoins, rules),
    theirs: formatCoins(rules.referralRewardFriendCoins, rules),
  }

  const [failed, setFailed] = useState(false)

  useEffect(() => {
    // The persisted user may be stale (plan changed); a failure keeps the persisted copy, and its
    // line says it is the saved one.
    refreshUser({ reuseRecent: true }).catch(() => setFailed(true))
  }, [])

  return (
    <>
      <AppHeader title={t('How To Earn')} />
      <main className="page stack">
        {/* role="list": the numbers are drawn inside the cards, and a list without markers is
            still read as a list (with its count) everywhere. */}
        <ol className="stack earn-steps" role="list">
          <li className="card">
            <div className="earn-step-title">
              <span className="earn-step-number" aria-hidden="true">
                1
              </span>
              <h2>{t('Watch videos')}</h2>
            </div>
            <div data-testid="step-watch">
              <p>
                {t('Watch each video until its timer ends.')}{' '}
                {t('{coins} coins = {rupees}.', {
                  coins: formatIndianNumber(rules.coinsPerRupee),
                  rupees: formatRupees(1),
                })}
              </p>
              {/* The user's plan in a line of its own: the page's first frame, drawn without the
                  user, has the same first paragraph, so the screen's largest paint is not redrawn
                  larger when the app draws the plan's figure (LCP). */}
              <p>
                {videoPoint !== undefined
                  ? t('Every video earns {coins} on your plan.', {
                      coins: formatCoins(videoPoint, rules),
                    })
                  : t('Every video earns the coins of your plan.')}
              </p>
            </div>
          </li>
          <li className="card">
            <div className="earn-step-title">
              <span className="earn-step-number" aria-hidden="true">
                2
              </span>
              <h2>{t('Refer friends')}</h2>
            </div>
            <p data-testid="step-refer">
              {rules.referralRewardAfterVideos > 0
                ? t(
                    'Share your referral code. When a friend signs up with it and has watched {videos, plural, one {# video} other {# videos}}, you get {mine} and your friend gets {theirs}.',
                    { ...referral, videos: rules.referralRewardAfterVideos },
                  )
                : t(
                    'Share your referral code. When a friend signs up with it and verifies their email, you get {mine} and your friend gets {theirs}.',
                    referral,
                  )}
            </p>
          </li>
          <li className="card">
            <div className="earn-step-title">
              <span className="earn-step-number" aria-hidden="true">
                3
              </span>
              <h2>{t('Get paid')}</h2>
            </div>
            <WithdrawalConditions
              rules={rules}
              title=""
              intro={t('Withdraw your coins to your UPI ID once you have:')}
            />
          </li>
        </ol>
        {/* When the user's plan above was fetched: the saved copy's time until the server answers. */}
        <UserSavedAt stale={failed} />
        <Link href="/dashboard" className="btn">
          {t('Next')}
        </Link>
      </main>
    </>
  )
}
