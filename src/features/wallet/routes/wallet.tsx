/**
 * Wallet (docs/product.md#transparency): the balance card first, then the requests still on this phone (waiting to
 * be sent, or refused by the server with its reason), every coin movement as a ledger row with its
 * status, withdrawals with their status and UPI reference, and payments (orders), each list in
 * pages back to its oldest row.
 * The last wallet received is kept on the phone (../wallet-store.ts): offline it shows that copy
 * and when it is from; Refresh (or pulling down) fetches it again. What loads late (the Refresh
 * control's chunk) keeps its place, so nothing moves; the notifications card is in the first frame.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { AppHeader } from '@/components/app-header'
import { BalanceCard } from '@/components/balance-card'
import { SkeletonCard, SkeletonList, SkeletonRegion } from '@/components/skeleton'
import { msg, t } from '@/i18n/i18n'
import { SavedAt } from '@/components/saved-at'
import { dismissOutboxItem, refreshOutboxStore } from '@/lib/outbox/outbox'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { queuedWithdrawalRupees } from '@/lib/outbox/queued-withdrawals'
import { useRules } from '@/stores/rules-store'
import { useUserStore } from '@/stores/user-store'
import { formatRupees } from '@contract/rules'
import { getWallet } from '../api/get-wallet'
import { useWalletStore, walletStoreHydrated } from '../wallet-store'
import {
  LedgerList,
  OrderList,
  OutboxList,
  RefusedList,
  WithdrawalList,
} from '../components/wallet-lists'
import { OlderEntries, OlderOrders, OlderWithdrawals } from '../components/older-entries'
import PushOptIn from '../components/push-opt-in'
import { logFailure } from '@/lib/log-failure'
import { useOnline } from '@/lib/use-online'
import { useSettled } from '@/lib/when-idle'

// Refresh in a chunk of its own (first-route budget), drawn once the first screen has settled
// (useSettled); its row keeps its height meanwhile, with the saved copy's time.
const RefreshControl = lazy(() =>
  import('@/components/refresh-control').then((m) => ({ default: m.RefreshControl })),
)

export const WALLET_FAILED = msg('Could not load your wallet. Please try again.')
/** Offline with no saved copy of the wallet: what the phone does have, and when the rest comes. */
export const WALLET_NOT_SAVED = msg(
  'Your coin movements are not saved on this phone yet. They load when you are back online, and open offline after that.',
)

export default function Wallet() {
  const settled = useSettled()
  const rules = useRules()
  const outbox = useOutboxItems()
  const owner = useUserStore((s) => s.user?.referral_id ?? null)
  // The balance the phone has saved with the user: shown offline when the wallet never was.
  const savedPoints = useUserStore((s) => s.user?.points ?? null)
  const online = useOnline()
  const saved = useWalletStore()
  // Only this account's saved copy (a shared phone may hold another's until it is replaced).
  const wallet = saved.owner !== null && saved.owner === owner ? saved.wallet : null
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      const fresh = await getWallet()
      await walletStoreHydrated()
      const id = useUserStore.getState().user?.referral_id
      if (id) useWalletStore.getState().setWallet(fresh, id)
      setError(null)
    } catch (err) {
      logFailure('wallet failed', err)
      setError(t(WALLET_FAILED))
    }
  }, [])

  useEffect(() => {
    // What the outbox holds, shown at once (the app sends it: src/app/start-outbox.ts).
    void refreshOutboxStore()
    void load()
  }, [load])

  // Reload when the outbox shrinks: a queued claim or withdrawal just reached the server.
  const outboxSize = outbox.length
  const [seenSize, setSeenSize] = useState(outboxSize)
  if (outboxSize !== seenSize) {
    setSeenSize(outboxSize)
    if (outboxSize < seenSize) void load()
  }

  const waiting = outbox.filter((i) => i.state === 'pending')
  const refused = outbox.filter((i) => i.state === 'failed')
  const queuedRupees = queuedWithdrawalRupees(outbox, rules.transferFeeRupees)
  const balanceRupees = wallet ? Math.floor(wallet.balance / rules.coinsPerRupee) : 0

  return (
    <>
      <AppHeader title={t('Wallet')} />
      <main className="page stack">
        {error && !wallet && !online ? (
          // Offline with nothing saved: not an error, a state (the app's banner says offline).
          <>
            {savedPoints !== null ? (
              <BalanceCard coins={savedPoints} rules={rules} testId="wallet-balance" />
            ) : null}
            <p className="notice" data-testid="wallet-not-saved">
              {t(WALLET_NOT_SAVED)}
            </p>
          </>
        ) : null}
        {error && !wallet && online ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        {wallet ? (
          <BalanceCard coins={wallet.balance} rules={rules} testId="wallet-balance">
            {queuedRupees > 0 ? (
              <p className="balance-panel-note" data-testid="queued-note">
                {t('{queued} waiting to be sent; {left} left to withdraw.', {
                  queued: formatRupees(queuedRupees),
                  left: formatRupees(Math.max(0, balanceRupees - queuedRupees)),
                })}
              </p>
            ) : null}
            <Link href="/amount-withdraw" className="btn">
              {t('Withdraw')}
            </Link>
          </BalanceCard>
        ) : null}
        {wallet && !settled ? <SavedAt savedAt={saved.fetchedAt} stale={error !== null} /> : null}
        {wallet && settled ? (
          <Suspense
            fallback={
              // The saved copy's time in the first frame; the Refresh button comes with its code.
              <SavedAt savedAt={saved.fetchedAt} stale={error !== null} />
            }
          >
            <RefreshControl savedAt={saved.fetchedAt} stale={error !== null} onRefresh={load} />
          </Suspense>
        ) : null}
        {refused.length > 0 ? (
          <section className="stack" aria-labelledby="refused-title">
            <h2 id="refused-title">{t('Refused')}</h2>
            <RefusedList items={refused} onDismiss={(id) => void dismissOutboxItem(id)} />
          </section>
        ) : null}
        {waiting.length > 0 ? (
          <section className="stack" aria-labelledby="outbox-title">
            <h2 id="outbox-title">{t('Waiting to be sent')}</h2>
            <OutboxList items={waiting} />
          </section>
        ) : null}
        {!wallet && !error ? (
          <>
            <SkeletonRegion label={t('Loading your wallet…')}>
              <SkeletonCard lines={3} />
            </SkeletonRegion>
            {/* The list's heading is known before its rows: it is on the first frame already. */}
            <section className="stack" aria-labelledby="ledger-title" aria-busy="true">
              <h2 id="ledger-title">{t('Coin movements')}</h2>
              <SkeletonList rows={5} />
            </section>
          </>
        ) : null}
        {wallet ? (
          <>
            <section className="stack" aria-labelledby="ledger-title">
              <h2 id="ledger-title">{t('Coin movements')}</h2>
              <LedgerList entries={wallet.entries} />
              <OlderEntries key={wallet.entries[0]?.id ?? 0} next={wallet.next ?? null} />
            </section>
            <section className="stack" aria-labelledby="withdrawals-title">
              <h2 id="withdrawals-title">{t('Withdrawals')}</h2>
              <WithdrawalList withdrawals={wallet.withdrawals} />
              <OlderWithdrawals
                key={wallet.withdrawals[0]?.id ?? 0}
                next={wallet.withdrawals_next ?? null}
              />
            </section>
            <section className="stack" aria-labelledby="orders-title">
              <h2 id="orders-title">{t('Payments')}</h2>
              <OrderList orders={wallet.orders} />
              <OlderOrders
                key={wallet.orders[0]?.order_id ?? ''}
                next={wallet.orders_next ?? null}
              />
            </section>
            {/* Below the lists, in the first frame with them (its static copy was the largest paint
                when it came in a chunk of its own, a second after the saved copy). */}
            <PushOptIn />
          </>
        ) : null}
      </main>
    </>
  )
}
