/**
 * The detail of one order, withdrawal or user: every field of the row and its audit trail (who
 * changed what, before → after, why), as `DetailBody` (a queue's selected row shows it beside the
 * table) or in a modal `<dialog>` (`useDetail`), whose focus moves in and back to its opener.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useModal } from './modal.ts'
import { OpsError, opsCall } from '../lib/api.ts'
import { When } from '../lib/format.tsx'
import type { AuditRow } from '../../../contract/api/ops-content.ts'

/** What a panel shows: a title, the row's fields, and the audit rows of `entity` `entityId`. */
export interface Detail {
  title: string
  fields: [label: string, value: ReactNode][]
  entity: string
  entityId: string
  /** Changes when the row changed, so its audit trail is read again. */
  version?: string
}

/** A panel to render and a function that opens it on a row. */
export function useDetail(): [ReactNode, (detail: Detail) => void] {
  const [detail, setDetail] = useState<Detail | null>(null)
  const open = useCallback((d: Detail) => setDetail(d), [])
  const panel = detail ? <DetailPanel detail={detail} onClose={() => setDetail(null)} /> : null
  return [panel, open]
}

/** The fields an audit row changed, as "status: pending → paid". */
export function changes(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>
  const text = (v: unknown) => (v === null || v === undefined ? '—' : String(v))
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]) && k !== 'updated_at')
    .map((k) => `${k}: ${text(b[k])} → ${text(a[k])}`)
}

function DetailPanel({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const ref = useModal()
  return (
    <dialog
      ref={ref}
      className="panel"
      aria-labelledby="panel-title"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <div className="panel-head">
        <h2 id="panel-title">{detail.title}</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <DetailBody detail={detail} />
    </dialog>
  )
}

/** The fields of `detail`, then `children` (the row's actions), then its audit trail. */
export function DetailBody({ detail, children }: { detail: Detail; children?: ReactNode }) {
  const [audit, setAudit] = useState<AuditRow[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    setAudit(null)
    setError('')
    const query = new URLSearchParams({
      entity: detail.entity,
      entity_id: detail.entityId,
      limit: '100',
    })
    opsCall<{ rows: AuditRow[] }>(`/audit?${query}`)
      .then((r) => setAudit(r.rows))
      .catch((e: unknown) =>
        setError(e instanceof OpsError ? e.message : 'Could not load the audit trail.'),
      )
  }, [detail.entity, detail.entityId, detail.version])
  return (
    <>
      <dl className="summary">
        {detail.fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {children}
      <h3>Audit trail</h3>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {audit === null && !error && <p className="muted">Loading…</p>}
      {audit?.length === 0 && <p className="empty">No operator action yet</p>}
      {audit && audit.length > 0 && (
        <table aria-label="Audit trail">
          <thead>
            <tr>
              <th scope="col">When, who</th>
              <th scope="col">Action</th>
              <th scope="col">Change</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {audit.map((r) => (
              <tr key={r.id}>
                <td>
                  <When iso={r.created_at} />
                  <div className="muted">{r.actor}</div>
                </td>
                <td className="code">{r.action}</td>
                <td>
                  {changes(r.before, r.after).map((c) => (
                    <div key={c}>{c}</div>
                  ))}
                </td>
                <td>{r.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
