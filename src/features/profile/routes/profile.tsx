/**
 * Profile (docs/product.md#screens): the user's name, email, phone with the +91 prefix, referral id and count;
 * links to the account's other screens; the colour theme switch; Log out (clears local storage,
 * docs/product.md#flows, a secondary action) and Go Back.
 * Data comes from the persisted user store, refreshed from `GET /get-user/` on open.
 */
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useOnline } from '@/lib/use-online'
import { refreshUser } from '@/stores/get-user'
import { logout } from '@/stores/logout'
import { useUserStore } from '@/stores/user-store'
import { UserSavedAt } from '@/components/user-saved-at'
import { useRules } from '@/stores/rules-store'
import { coinsToRupees } from '@contract/rules'
import { Skeleton } from '@/components/skeleton'
import { ThemeSwitch } from '@/components/theme-switch'
import { goBack } from '@/lib/go-back'
import '../profile.css'
import { msg, t } from '@/i18n/i18n'
import { LanguageSwitch } from '@/components/language-switch'

const FETCH_ERROR = msg('Error fetching user details. Please try again.')

export default function Profile() {
  const user = useUserStore((s) => s.user)
  const rules = useRules()
  const [, navigate] = useLocation()
  const [failed, setFailed] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)

  const online = useOnline()

  // A failed fetch is said once, above the card (no toast); offline with the saved user on show,
  // the app's offline banner says it.
  useEffect(() => {
    refreshUser({ reuseRecent: true }).catch(() => setFailed(true))
  }, [])

  async function onLogout() {
    setLoggingOut(true)
    await logout()
    navigate('/', { replace: true })
  }

  // docs/product.md#units: the withdraw screen's `balance` is whole rupees.
  const balanceRupees = user ? Math.floor(coinsToRupees(user.points, rules)) : 0
  const options = [
    { href: '/edit-profile', label: msg('Edit Profile') },
    { href: '/add-bank-details', label: msg('Add Bank Details') },
    { href: '/referandearn', label: msg('Refer and Earn') },
    {
      href: `/amount-withdraw?balance=${balanceRupees}&refercount=${user?.referral_count ?? 0}`,
      label: msg('Withdraw'),
    },
    { href: '/wallet', label: msg('Wallet') },
    { href: '/help-center', label: msg('Help Center') },
    { href: '/privacy', label: msg('Privacy Policy') },
    { href: '/termsandcondition', label: msg('Terms & Conditions') },
  ]

  // The card's facts: each value, or a grey line until the user is known.
  const facts: Array<[label: string, value: ReactNode]> = [
    [msg('Email'), user ? <BreakableEmail email={user.email} /> : undefined],
    [msg('Phone'), user ? `+91 ${user.phone_number}` : undefined],
    [msg('Refer ID'), user?.referral_id],
    [msg('Refer count'), user?.referral_count],
  ]

  return (
    <main className="page stack">
      <h1>{t('My Profile')}</h1>
      {failed && (online || !user) ? (
        <p className="error-text" role="alert">
          {t(FETCH_ERROR)}
        </p>
      ) : null}
      {user || !failed ? (
        // Until the user is known (the first frame, a first visit) the card keeps its shape, each
        // value a grey line, and the rest of the screen is already usable.
        <section
          className="card profile-card"
          {...(user
            ? { 'aria-label': t('Your details') }
            : {
                role: 'status',
                'aria-label': t('Loading your profile…'),
                'data-testid': 'skeleton',
              })}
        >
          <div className="profile-identity" aria-hidden={user ? undefined : true}>
            {user ? (
              <>
                <span className="profile-avatar" aria-hidden="true">
                  {user.first_name.trim().charAt(0).toUpperCase() || '?'}
                </span>
                <h2 className="profile-name">{user.first_name}</h2>
              </>
            ) : (
              <>
                <Skeleton width="56px" height="56px" radius="50%" />
                <Skeleton width="40%" height="1.5rem" />
              </>
            )}
          </div>
          <dl className="profile-facts" aria-hidden={user ? undefined : true}>
            {facts.map(([label, value]) => (
              <Fragment key={label}>
                <dt>{t(label)}</dt>
                <dd>{user ? value : <Skeleton width="70%" />}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ) : null}
      {/* When the details above were fetched: the saved copy's time until the server answers. */}
      <UserSavedAt stale={failed} />
      <nav aria-label={t('Account options')}>
        <ul className="option-list">
          {options.map((option) => (
            <li key={option.label}>
              <Link href={option.href}>{t(option.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitch />
      <ThemeSwitch />
      <button type="button" className="btn btn-secondary" onClick={onLogout} disabled={loggingOut}>
        {t('Log out')}
      </button>
      <button type="button" className="btn btn-ghost" onClick={() => goBack('/dashboard')}>
        {t('Go Back')}
      </button>
    </main>
  )
}

/**
 * An email that wraps where a reader expects it to, before the "@" and after each dot
 * ("meera.shah." / "@example.co.in"), and inside a part only when that part alone is wider than
 * the line. The whole address stays one text for copying and screen readers, and its title.
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/)
  return (
    <span className="profile-email" title={email} translate="no">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
