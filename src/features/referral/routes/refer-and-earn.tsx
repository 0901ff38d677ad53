/**
 * Refer and earn (docs/product.md#screens, #rules): the referral code, the invite link (to
 * /register?referralId=CODE) on one line with Copy ("Copied"), Share (the Web Share API where there
 * is one) and a WhatsApp link (always), the reward and when it is credited from the served rules,
 * and with keyfrom=withdrawal the progress towards the referrals a withdrawal needs (n/3).
 */
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { AppHeader } from '@/components/app-header'
import { refreshUser } from '@/stores/get-user'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { UserSavedAt } from '@/components/user-saved-at'
import { formatCoins } from '@/i18n/format'
import '../referral.css'
import { Skeleton } from '@/components/skeleton'
import { t } from '@/i18n/i18n'

/** How long Copy reads "Copied" after a copy. */
export const COPIED_MS = 2_000

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
  // Null until the user (or the dashboard's link) says: never a "0" nobody confirmed.
  const count =
    user?.referral_count ??
    (query.has('referralCount') ? Number(query.get('referralCount')) || 0 : null)
  const fromWithdrawal = query.get('keyfrom') === 'withdrawal'
  const link = code ? referralLink(code) : ''
  const [copied, setCopied] = useState(false)
  // A failed fetch leaves the saved copy on screen, labelled as saved (no toast).
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    refreshUser({ reuseRecent: true }).catch(() => setFailed(true))
  }, [])

  // Both rewards are credited once the friend has watched the served number of videos (0: once
  // the friend has verified the email), docs/product.md#scale.
  const reward = {
    mine: formatCoins(rules.referralRewardReferrerCoins, rules),
    theirs: formatCoins(rules.referralRewardFriendCoins, rules),
  }
  const message = t('Join with my referral code {code}', { code })
  // The Web Share API where the browser has it (most phones); WhatsApp's link always, as that is
  // how people in India share, and the only way on where there is no share sheet.
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(`${message} ${link}`)}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
      notify.success(t('Referral link copied!'))
    } catch {
      notify.error(t('Could not copy. Please copy the code by hand.'))
    }
  }
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const share = async () => {
    try {
      await navigator.share({ title: t('Watch videos and earn'), text: message, url: link })
    } catch {
      // The user closed the share sheet.
    }
  }

  return (
    <>
      <AppHeader title={t('Refer & Earn')} />
      <main className="page stack">
        {fromWithdrawal && rules.withdrawMinReferrals > 0 && count !== null ? (
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
        <p data-testid="referral-reward">
          {rules.referralRewardAfterVideos > 0
            ? t(
                'Invite friends: you get {mine} and your friend gets {theirs} once your friend has watched {videos, plural, one {# video} other {# videos}}.',
                { ...reward, videos: rules.referralRewardAfterVideos },
              )
            : t(
                'Invite friends: you get {mine} and your friend gets {theirs} when they verify their email.',
                reward,
              )}
        </p>
        <section className="card stack center" aria-label={t('Your referral code')}>
          <p className="muted">{t('Your referral code')}</p>
          {code ? (
            <>
              <p className="referral-code" data-testid="referral-code">
                {code}
              </p>
              {/* The invite link on one line, shown without its https://: its start gives way (…),
                  the code at its end stays whole. */}
              <p className="referral-link" data-testid="referral-link" title={link}>
                <span className="referral-link-start">
                  {link.slice(0, link.length - code.length).replace(/^https?:\/\//, '')}
                </span>
                <span className="referral-link-code">{code}</span>
              </p>
            </>
          ) : (
            // Not known yet (a first frame, or no stored user): grey lines, never an empty code.
            <>
              <Skeleton width="40%" height="1.6rem" />
              <Skeleton width="80%" />
            </>
          )}
          <div className="referral-actions">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void copy()}
              disabled={!code}
            >
              {copied ? t('Copied') : t('Copy')}
            </button>
            {canShare ? (
              <button type="button" className="btn" onClick={() => void share()} disabled={!code}>
                {t('Share')}
              </button>
            ) : null}
            <a
              className={canShare ? 'btn btn-outline' : 'btn'}
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('Share on WhatsApp')}
            </a>
          </div>
        </section>
        {count === null ? (
          <Skeleton width="60%" />
        ) : (
          <p>{t('Friends who joined with your code: {count}', { count })}</p>
        )}
        {/* When the code and the count were fetched: the saved copy's time until the server answers. */}
        <UserSavedAt stale={failed} />
      </main>
    </>
  )
}
