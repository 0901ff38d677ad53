/**
 * A queue as one screen (Stripe's list and detail): its filters, the table, the pager, and beside
 * them the selected row's detail with its actions, the only actions on the screen. With no row
 * selected the side says how to pick one. The same for orders, withdrawals and held reviews.
 */
import { useState, type ReactNode } from 'react'
import type { PageOf } from '../lib/api.ts'
import type { ActionNotice } from '../lib/use-paged.ts'
import { DetailBody, type Detail } from './detail-panel.tsx'
import { Empty, Notice } from './notice.tsx'
import { Pager } from './pager.tsx'
import { QueueTable, type Column } from './queue-table.tsx'

/** A paged list as `usePaged` gives it. */
interface Paged<Row> {
  page: PageOf<Row>
  error: string
  loaded: boolean
  pageIndex: number
  next: () => void
  previous: () => void
}

export function QueueScreen<Row>({
  id,
  title,
  lead,
  filters,
  above,
  paged,
  notice,
  columns,
  rowKey,
  rowAttributes,
  openLabel,
  emptyText,
  detail,
  actions,
  dialog,
}: {
  /** The heading's id prefix ("orders"). */
  id: string
  title: string
  lead?: ReactNode
  filters?: ReactNode
  /** Shown between the filters and the table (an import report). */
  above?: ReactNode
  paged: Paged<Row>
  notice: ActionNotice | null
  columns: Column<Row>[]
  rowKey: (row: Row) => string
  rowAttributes?: (row: Row) => Record<string, string | undefined>
  openLabel: (row: Row) => string
  emptyText?: string
  /** Every field of a row and its audit trail's entity. */
  detail: (row: Row) => Detail
  /** The selected row's actions (null when it has none in its state). */
  actions?: (row: Row) => ReactNode
  /** The confirmation dialog to render. */
  dialog: ReactNode
}) {
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  const { page, error, loaded } = paged
  const selected = page.rows.find((r) => rowKey(r) === selectedKey) ?? null
  const shown = selected ? detail(selected) : null
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{title}</h1>
      {lead}
      {filters && <div className="filters">{filters}</div>}
      {above}
      <Notice notice={notice} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="queue-layout">
        <div className="queue-list">
          <QueueTable
            label={title}
            columns={columns}
            rows={page.rows}
            rowKey={rowKey}
            rowAttributes={rowAttributes}
            selected={selectedKey}
            onSelect={(row) => setSelectedKey(rowKey(row))}
            openLabel={openLabel}
          />
          {loaded && !error && page.rows.length === 0 && <Empty text={emptyText} />}
          <Pager
            page={page}
            pageIndex={paged.pageIndex}
            next={paged.next}
            previous={paged.previous}
          />
        </div>
        {/* Focusable: the panel scrolls on its own when a long audit trail overflows it. */}
        <aside className="queue-detail" aria-labelledby={`${id}-detail-title`} tabIndex={0}>
          {selected && shown ? (
            <>
              <h2 id={`${id}-detail-title`}>{shown.title}</h2>
              <DetailBody detail={shown}>{actions?.(selected)}</DetailBody>
            </>
          ) : (
            <>
              <h2 id={`${id}-detail-title`}>Details</h2>
              <p className="muted">
                Select a row to see every field, its history and what you can do with it.
              </p>
            </>
          )}
        </aside>
      </div>
      {dialog}
    </section>
  )
}
