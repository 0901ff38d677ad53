/**
 * One row of a money list (the wallet's ledger, withdrawals, payments, the outbox): a fixed grid
 * of title and amount on the first line, date and status chip on the second, details below. The
 * title takes the flexible column and wraps only between words; the amount and the chip keep their
 * column at the right whatever the lengths, so every row of a list lines up.
 */
import { Fragment, type ReactNode } from 'react'
import { StatusChip } from './status-chip'

/** The direction of an amount: money in (green), out (red) or neither. */
export type AmountTone = 'in' | 'out' | 'none'

interface Props {
  title: ReactNode
  /**
   * The amount, as parts that each stay on one line ("−2,00,100 coins", "(₹2,001)"); a narrow
   * screen puts the parts one under the other rather than splitting a word.
   */
  amount?: readonly string[]
  amountTone?: AmountTone
  /** A stored status, drawn as a StatusChip. */
  status?: string
  /** When, already formatted. */
  date?: ReactNode
  /** Lines under the row's head: a description, a reference, a reason, a link. */
  children?: ReactNode
  testId?: string
}

export function ListRow({
  title,
  amount,
  amountTone = 'none',
  status,
  date,
  children,
  testId,
}: Props) {
  return (
    <li className="list-row" data-testid={testId}>
      <strong className="list-row-title">{title}</strong>
      {amount && amount.length > 0 ? (
        <span className={`list-row-amount amount-${amountTone}`}>
          {amount.map((part, i) => (
            // The space keeps the parts apart in the text a screen reader or a copy reads.
            <Fragment key={i}>
              {i > 0 ? ' ' : null}
              <span className="list-row-amount-part">{part}</span>
            </Fragment>
          ))}
        </span>
      ) : null}
      {date ? <span className="list-row-date muted">{date}</span> : null}
      {status ? (
        <span className="list-row-status">
          <StatusChip status={status} />
        </span>
      ) : null}
      {children ? <div className="list-row-details">{children}</div> : null}
    </li>
  )
}

/** The list around ListRows. */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="row-list" aria-label={label}>
      {children}
    </ul>
  )
}
