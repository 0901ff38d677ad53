/**
 * The balance at the head of a money or earning screen: the lead figure in large type with the
 * other unit beside it (docs/product.md#units: rupees first on money screens, coins first on
 * earning screens), a label, and what the screen puts beneath (a Withdraw link, the time the figure
 * was fetched). Figures come from the server's records only.
 */
import type { ReactNode } from 'react'
import type { Rules } from '@contract/rules'
import { amountParts, type LeadUnit } from '@/i18n/format'
import { t } from '@/i18n/i18n'

interface Props {
  /** The balance in coins (`points` or the wallet's `balance`). */
  coins: number
  rules: Pick<Rules, 'coinsPerRupee'>
  /** The unit in large type: rupees (money screens, the default) or coins (earning screens). */
  lead?: LeadUnit
  /** The line above the figure; "Your balance" by default. */
  label?: string
  testId?: string
  children?: ReactNode
}

export function BalanceCard({
  coins,
  rules,
  lead = 'rupees',
  label = t('Your balance'),
  testId,
  children,
}: Props) {
  const parts = amountParts(coins, lead, rules)
  return (
    <section className="balance-panel" aria-label={label}>
      <p className="balance-panel-label">{label}</p>
      <p className="balance-panel-figure" data-testid={testId}>
        <span className="balance-panel-lead">{parts.lead}</span>{' '}
        <span className="balance-panel-beside">({parts.beside})</span>
      </p>
      {children}
    </section>
  )
}
