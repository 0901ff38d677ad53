/**
 * The balance card leading the dashboard (the money screens' balance panel,
 * src/components/balance-card.tsx): the coin balance with its rupee value, the views,
 * and the next withdrawal condition still to meet, all from what the dashboard already has (the
 * stored `GET /get-user/` answer and the served rules of `GET /config/`), in the order and by the
 * tests the server enforces (server/earning/withdrawal-status.ts, docs/product.md#rules, #transparency).
 * Its children (the pending notice, Withdraw and Wallet) sit at its foot.
 */
import type { ReactNode } from 'react'
import type { User } from '@/stores/user-store'
import { formatIndianNumber, formatRupees, rupeesToCoins, type Rules } from '@contract/rules'
import { BalanceCard as SharedBalanceCard } from '@/components/balance-card'
import { t } from '@/i18n/i18n'
import { pluralForm } from '@/i18n/format'

type Figures = Pick<User, 'points' | 'views' | 'referral_count' | 'platform_fee_paid'>

/**
 * The first withdrawal condition `user` has not met, as the served rule states it ("A balance of
 * at least ₹999 (99,900 coins)"), or
 * null when every condition switched on in `rules` is met. Coins are integer coins; the balance
 * condition compares coins with the minimum in rupees converted to coins, as the server does.
 */
export function nextWithdrawalStep(user: Figures, rules: Rules): string | null {
  const minCoins = rupeesToCoins(rules.withdrawMinBalanceRupees, rules)
  if (rules.withdrawMinBalanceRupees > 0 && user.points < minCoins) {
    // The rule as the server states it (docs/product.md#transparency), not a difference worked out here: every
    // rupee figure a page shows is one the server serves.
    return t('A balance of at least {rupees} ({coins} coins)', {
      rupees: formatRupees(rules.withdrawMinBalanceRupees),
      coins: formatIndianNumber(minCoins),
    })
  }
  if (rules.withdrawMinVideos > 0 && user.views < rules.withdrawMinVideos) {
    const missing = rules.withdrawMinVideos - user.views
    return t('Watch {form, select, one {{count} more video} other {{count} more videos}}', {
      form: pluralForm(missing),
      count: formatIndianNumber(missing),
    })
  }
  if (rules.withdrawMinReferrals > 0 && user.referral_count < rules.withdrawMinReferrals) {
    const missing = rules.withdrawMinReferrals - user.referral_count
    return t(
      'Refer {form, select, one {{count} more friend} other {{count} more friends}} who verified their email',
      { form: pluralForm(missing), count: formatIndianNumber(missing) },
    )
  }
  if (rules.withdrawRequiresPlatformFee && !user.platform_fee_paid) {
    return t('Pay the one-time platform fee of {fee}', {
      fee: formatRupees(rules.platformFeeRupees),
    })
  }
  return null
}

export function BalanceCard({
  user,
  rules,
  children,
}: {
  user: Figures
  rules: Rules
  children?: ReactNode
}) {
  const next = nextWithdrawalStep(user, rules)
  return (
    <SharedBalanceCard
      coins={user.points}
      rules={rules}
      lead="coins"
      label={t('Your earnings')}
      testId="coin-balance"
    >
      <p className="balance-panel-note balance-views">
        {t('Views')} <strong data-testid="views-count">{formatIndianNumber(user.views)}</strong>
      </p>
      <p className="balance-panel-note" data-testid="next-withdrawal-step">
        {next ? (
          <>
            {t('Next for a withdrawal:')} {next}
          </>
        ) : (
          t('Every withdrawal condition is met: you can withdraw.')
        )}
      </p>
      {children}
    </SharedBalanceCard>
  )
}
