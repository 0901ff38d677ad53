/**
 * The one table of the console's queues (orders, withdrawals, held reviews) and the user search:
 * a header row, one row per item, the first cell a button that selects the row. The selected row
 * is marked (`aria-current`); the screen shows its detail and actions beside the table, so a row
 * carries no inputs or buttons of its own.
 */
import type { ReactNode } from 'react'

/** One column: its header, its cell, whether it holds a number (right-aligned). */
export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  numeric?: boolean
  className?: string
}

export function QueueTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  selected,
  onSelect,
  openLabel,
}: {
  /** The table's accessible name. */
  label: string
  /** The first column's cell is the row's select button. */
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  /** Extra attributes of a row's `<tr>` (a `data-…` id, a class). */
  rowAttributes?: (row: Row) => Record<string, string | undefined>
  selected: string | null
  onSelect: (row: Row) => void
  /** The select button's accessible name ("Order X", "Withdrawal #12"). */
  openLabel: (row: Row) => string
}) {
  const [first, ...rest] = columns
  if (!first) return null
  return (
    <table aria-label={label} className="queue">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const key = rowKey(row)
          const current = key === selected
          const attributes = rowAttributes?.(row) ?? {}
          return (
            <tr
              key={key}
              {...attributes}
              className={[attributes.className, current ? 'selected' : undefined]
                .filter(Boolean)
                .join(' ')}
              aria-current={current ? 'true' : undefined}
              onClick={(e) => {
                // A click anywhere on the row selects it, unless it was on a control of its own.
                if (!(e.target as HTMLElement).closest('button, a, input')) onSelect(row)
              }}
            >
              <td>
                <button
                  type="button"
                  className="link"
                  aria-label={openLabel(row)}
                  onClick={() => onSelect(row)}
                >
                  {first.cell(row)}
                </button>
              </td>
              {rest.map((c) => (
                <td
                  key={c.header}
                  className={
                    [c.numeric ? 'num' : '', c.className ?? ''].join(' ').trim() || undefined
                  }
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
