/**
 * Refer and earn (SPEC §2, DECISIONS §3): the referral code with Copy and Share (a link to
 * /register?referralId=CODE), the reward from the served rules, and with keyfrom=withdrawal the
 * progress towards the referrals a withdrawal needs (n/3).
 */
import { useEffect } from 'react'
import { useSearch } from 'wouter'
import toast from 'react-hot-toast'
import { AppHeader } from '@/components/app-header'
import { refreshUser } from '@/stores/get-user'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { formatCoins } from '@/i18n/format'
import '../referral.css'
import { t } from '@/i18n/i18n'

/** The link a friend opens to register with the code. */
export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/register?referralId=${encodeURIComponent(code)}`
}

export default function ReferAndEarn() {
  const search = useSearch()
  const rules = useRules()
  const user = useUserStore((s) => s.user)
  const query = new URLSearchParams(search)
  const code = user?.referral_id ?? query.get('referralId') ?? ''
  const count = user?.referral_count ?? (Number(query.get('referralCount') ?? 0) || 0)
  const fromWithdrawal = query.get('keyfrom') === 'withdrawal'
  const link = code ? referralLink(code) : ''

  useEffect(() => {
    refreshUser({ reuseRecent: true }).catch(() => undefined)
  }, [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      toast.success(t('Referral code copied!'))
    } catch {
      toast.error(t('Could not copy. Please copy the code by hand.'))
    }
  }

  const share = async () => {
    const data = {
      title: t('Watch videos and earn'),
      text: t('Join with my referral code {code}', { code }),
      url: link,
    }
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data)
      } catch {
        // The user closed the share sheet.
      }
      return
    }
    try {
      await navigator.clipboard.writeText(link)
      toast.success(t('Referral link copied!'))
    } catch {
      window.alert(
        t('Sharing is not supported on this device. You can download and share manually.'),
      )
    }
  }

  return (
    <>
      <AppHeader title={t('Refer & Earn')} />
      <main className="page stack">
        {fromWithdrawal && rules.withdrawMinReferrals > 0 ? (
          <section className="notice stack" aria-label={t('Referral progress')}>
            <p className="referral-progress" data-testid="referral-progress">
              {Math.min(count, rules.withdrawMinReferrals)}/{rules.withdrawMinReferrals}
            </p>
            <p>
              {t(
                'You need {needed} friends who verified their email to withdraw. You have {count}.',
                {
                  needed: rules.withdrawMinReferrals,
                  count,
                },
              )}
            </p>
          </section>
        ) : null}
        <p>
          {t(
            'Invite friends: you get {mine} and your friend gets {theirs} when they verify their email.',
            {
              mine: formatCoins(rules.referralRewardReferrerCoins, rules),
              theirs: formatCoins(rules.referralRewardFriendCoins, rules),
            },
          )}
        </p>
        <section className="card stack center" aria-label={t('Your referral code')}>
          <p className="muted">{t('Your referral code')}</p>
          <p className="referral-code" data-testid="referral-code">
            {code}
          </p>
          <div className="row">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void copy()}
              disabled={!code}
            >
              {t('Copy')}
            </button>
            <button type="button" className="btn" onClick={() => void share()} disabled={!code}>
              {t('Share')}
            </button>
          </div>
          <p className="muted referral-link">{link}</p>
        </section>
        <p>{t('Friends who joined with your code: {count}', { count })}</p>
      </main>
    </>
  )
}
