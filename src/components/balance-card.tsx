/**
 * The balance at the head of a money screen: the coins in large type with their rupee value under
 * them (DECISIONS §5), a label, and what the screen puts beneath (a Withdraw link, the time the
 * figure was fetched). Figures come from the server's records only.
 */
import type { ReactNode } from 'react'
import { coinsToRupees, formatIndianNumber, formatRupees, type Rules } from '@contract/rules'
import { t } from '@/i18n/i18n'

interface Props {
  /** The balance in coins (`points` or the wallet's `balance`). */
  coins: number
  rules: Pick<Rules, 'coinsPerRupee'>
  /** The line above the figure; "Your balance" by default. */
  label?: string
  testId?: string
  children?: ReactNode
}

export function BalanceCard({ coins, rules, label = t('Your balance'), testId, children }: Props) {
  return (
    <section className="balance-panel" aria-label={label}>
      <p className="balance-panel-label">{label}</p>
      <p className="balance-panel-figure" data-testid={testId}>
        <span className="balance-panel-coins">
          {t('{coins} coins', { coins: formatIndianNumber(coins) })}
        </span>{' '}
        <span className="balance-panel-rupees">({formatRupees(coinsToRupees(coins, rules))})</span>
      </p>
      {children}
    </section>
  )
}
