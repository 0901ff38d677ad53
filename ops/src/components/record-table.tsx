/**
 * A table of what the console keeps on record (the audit trail, the rules' versions), newest
 * first: When (`created_at`), Who (`actor`), the record's own columns, then its stored data folded
 * as indented JSON behind a summary the operator opens.
 */
import type { ReactNode } from 'react'
import { When } from '../lib/format.tsx'

/** One of the record's own columns: its header and its cell. */
export interface RecordColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
}

/** The last column: its header, the folded part's summary, and the data shown as JSON. */
export interface RecordData<Row> {
  header: string
  summary: string
  value: (row: Row) => unknown
}

export function RecordTable<Row extends { id: number; created_at: string; actor: string | null }>({
  rows,
  columns,
  data,
}: {
  rows: Row[]
  columns: RecordColumn<Row>[]
  data: RecordData<Row>
}) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
          <th scope="col">{data.header}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <When iso={r.created_at} />
            </td>
            <td>{r.actor}</td>
            {columns.map((c) => (
              <td key={c.header}>{c.cell(r)}</td>
            ))}
            <td>
              <details>
                <summary>{data.summary}</summary>
                <pre>{JSON.stringify(data.value(r), null, 1)}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
