/**
 * Dashboard (docs/product.md#screens, #flows): led by the balance (coins with their rupee value, views, Withdraw with
 * its requirements popup, Deposit and Wallet) and the earning player, so the video starts above the
 * fold at 360×800; Profile and Refer & Earn are the tab bar's. Then the plans, the signup bonus
 * popup for a new user, the keyfrom=withdrawal notice, and what the outbox still holds.
 */
import { lazy, Suspense, useEffect, useState, useDeferredValue } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { refreshUser } from '@/stores/get-user'
import { useUserStore } from '@/stores/user-store'
import { useRules } from '@/stores/rules-store'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { useOnline } from '@/lib/use-online'
import { summarizeOutbox } from '../lib/pending-summary'
import { useWatchProgressStore } from '@/stores/watch-progress-store'
import { coinsToRupees, formatIndianNumber } from '@contract/rules'
import { pluralForm } from '@/i18n/format'
import { BalanceCard } from '../components/balance-card'
import { DashboardSkeleton } from '../components/dashboard-skeleton'
import { BonusPopup, WithdrawRequirementsPopup } from '../components/dashboard-popups'
import { WithdrawNotice } from '../components/withdraw-notice'
import { EarningPlayer } from '../components/earning-player'
import { PlansSummary } from '../components/plans-summary'
import { PlayerPlaceholder } from '../components/player-placeholder'
import { useVideos } from '../lib/use-videos'
import { useStoreHydrated } from '@/stores/use-store-hydrated'
import '../dashboard.css'
import { t } from '@/i18n/i18n'
import { UserSavedAt } from '@/components/user-saved-at'
import { useSettled } from '@/lib/when-idle'

// Refresh and Install app in a chunk of their own, drawn once the first screen has settled
// (useSettled): their code is not fetched before its largest paint (first-route budget, LCP).
const InstallButton = lazy(() =>
  import('@/components/install-button').then((m) => ({ default: m.InstallButton })),
)
const RefreshControl = lazy(() =>
  import('@/components/refresh-control').then((m) => ({ default: m.RefreshControl })),
)

/** docs/product.md#rules: the keyfrom notice shows 3 s, then the query is cleared. */
export const KEYFROM_NOTICE_MS = 3_000

export default function Dashboard() {
  const user = useUserStore((s) => s.user)
  const rules = useRules()
  const [, navigate] = useLocation()
  const search = useSearch()
  const [failed, setFailed] = useState(false)
  const [showRequirements, setShowRequirements] = useState(false)
  const [bonusDismissed, setBonusDismissed] = useState(false)
  const [wantPlay, setWantPlay] = useState(false)
  const [withdrawNotice, setWithdrawNotice] = useState(
    () => new URLSearchParams(search).get('keyfrom') === 'withdrawal',
  )
  const { videos, offline, retrying } = useVideos()
  const progressHydrated = useStoreHydrated(useWatchProgressStore)
  const pending = summarizeOutbox(useOutboxItems())
  const online = useOnline()
  // The first render draws the screen with the player's placeholder (same size); the player
  // itself, the heaviest part, follows in a deferred render React slices after that (TBT).
  const showRest = useDeferredValue(user !== null, false)
  const settled = useSettled()

  // A failed fetch is said once, in place: the saved copy's refresh line turns stale, or (with
  // nothing saved) the error text below; offline, the app's banner says it (no toast).
  useEffect(() => {
    refreshUser({ reuseRecent: true }).catch(() => setFailed(true))
  }, [])

  useEffect(() => {
    if (!withdrawNotice) return
    const timer = setTimeout(() => {
      setWithdrawNotice(false)
      navigate('/dashboard', { replace: true })
    }, KEYFROM_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [withdrawNotice, navigate])

  const refresh = () =>
    refreshUser().then(
      () => setFailed(false),
      (error: unknown) => {
        setFailed(true)
        throw error
      },
    )

  if (!user) {
    return failed ? (
      <main className="page">
        <h1>{t('Dashboard')}</h1>
        <p className="error-text">{t('Error fetching user details. Please try again.')}</p>
      </main>
    ) : (
      <DashboardSkeleton />
    )
  }

  const balanceRupees = coinsToRupees(user.points, rules)
  const onWithdraw = () => {
    if (balanceRupees < rules.withdrawMinBalanceRupees) setShowRequirements(true)
    else
      navigate(
        `/amount-withdraw?balance=${Math.floor(balanceRupees)}&refercount=${user.referral_count}`,
      )
  }
  return (
    <main className="page stack dashboard">
      <h1 className="dashboard-greeting">{t('Hello, {name}', { name: user.first_name })}</h1>
      {withdrawNotice ? <WithdrawNotice rules={rules} /> : null}

      <BalanceCard user={user} rules={rules}>
        {/* Offline, the app's banner says what waits to be sent: one message, not two. */}
        {online && pending.rewards + pending.withdrawals > 0 ? (
          <p className="notice" data-testid="outbox-pending" role="status">
            {t(
              'Pending: {rewardsForm, select, none {} one {{rewards} reward claim} other {{rewards} reward claims}}{both, select, yes {, } other {}}{withdrawalsForm, select, none {} one {{withdrawals} withdrawal} other {{withdrawals} withdrawals}} will be sent when the connection allows.',
              {
                rewardsForm: pending.rewards === 0 ? 'none' : pluralForm(pending.rewards),
                rewards: formatIndianNumber(pending.rewards),
                withdrawalsForm:
                  pending.withdrawals === 0 ? 'none' : pluralForm(pending.withdrawals),
                withdrawals: formatIndianNumber(pending.withdrawals),
                both: pending.rewards > 0 && pending.withdrawals > 0 ? 'yes' : 'no',
              },
            )}
          </p>
        ) : null}
        <div className="balance-actions">
          <button type="button" className="btn" onClick={onWithdraw}>
            {t('Withdraw')}
          </button>
          <Link href="/deposit-fee" className="btn">
            {t('Deposit')}
          </Link>
          <Link href="/wallet" className="btn">
            {t('Wallet')}
          </Link>
        </div>
      </BalanceCard>

      {showRest && videos && progressHydrated ? (
        <EarningPlayer
          videos={videos}
          expectedCoins={user.membership__video_point}
          wantPlay={wantPlay}
          onWantPlayChange={setWantPlay}
        />
      ) : (
        // Offline, the player's place says when its videos come: the banner says the rest.
        <PlayerPlaceholder
          loading={!offline}
          label={
            offline
              ? t('Videos load when the connection returns.')
              : retrying
                ? t('Waiting for videos…')
                : t('Loading videos…')
          }
        />
      )}

      {/* Under the player, so the video leads the screen. A boundary of its own once shown: the
          transition that shows it never waits for its code. */}
      {showRest && settled ? (
        <Suspense fallback={<UserSavedAt stale={failed} />}>
          <UserRefreshControl stale={failed} onRefresh={refresh} />
        </Suspense>
      ) : (
        <UserSavedAt stale={failed} />
      )}

      <PlansSummary currentVideoPoint={user.membership__video_point} />

      {showRest && settled ? (
        <Suspense fallback={null}>
          <InstallButton />
        </Suspense>
      ) : null}

      <button
        type="button"
        className="btn btn-ghost"
        onClick={async () => {
          // Loaded on the tap: keeps it off the dashboard's first-load chain (LCP).
          const { logout } = await import('@/stores/logout')
          await logout()
          navigate('/', { replace: true })
        }}
      >
        {t('Log out')}
      </button>

      {showRequirements ? (
        <WithdrawRequirementsPopup rules={rules} onClose={() => setShowRequirements(false)} />
      ) : null}
      {user.views === 0 && !bonusDismissed && !showRequirements ? (
        <BonusPopup rules={rules} onClose={() => setBonusDismissed(true)} />
      ) : null}
    </main>
  )
}

/**
 * The refresh control with when the user was last fetched: it alone reads that time, so a refresh
 * that brings the same user draws this line again, not the whole screen.
 */
function UserRefreshControl({
  stale,
  onRefresh,
}: {
  stale: boolean
  onRefresh: () => Promise<unknown>
}) {
  const fetchedAt = useUserStore((s) => s.fetchedAt)
  return <RefreshControl savedAt={fetchedAt} stale={stale} onRefresh={onRefresh} />
}
