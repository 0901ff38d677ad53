/** The audit trail, newest first, with a CSV export of what the filter shows. */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, download, opsCall } from '../../lib/api.ts'
import { When } from '../../lib/format.tsx'
import type { AuditRow } from '../../../../contract/api/ops-content.ts'

export function AuditList() {
  const [entity, setEntity] = useState('')
  const [rows, setRows] = useState<AuditRow[]>([])
  const [error, setError] = useState('')
  const query = entity ? `?entity=${encodeURIComponent(entity)}` : ''
  const load = useCallback(async () => {
    try {
      setRows(
        (await opsCall<{ rows: AuditRow[] }>(`/audit${query ? `${query}&` : '?'}limit=200`)).rows,
      )
    } catch (e) {
      setError(e instanceof OpsError ? e.message : 'Could not load the audit trail.')
    }
  }, [query])
  useEffect(() => {
    void load()
  }, [load])
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit trail</h1>
      <div className="filters">
        <label>
          Table
          <select value={entity} onChange={(e) => setEntity(e.target.value)}>
            <option value="">all</option>
            {[
              'orders',
              'withdrawals',
              'rules',
              'users',
              'videos',
              'membership_plans',
              'operators',
            ].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() =>
            download(`/audit.csv${query}`, 'audit.csv').catch((e: Error) => setError(e.message))
          }
        >
          Export CSV
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Row</th>
            <th scope="col">Reason</th>
            <th scope="col">From</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <When iso={r.created_at} />
              </td>
              <td>{r.actor}</td>
              <td>{r.action}</td>
              <td>
                {r.entity} {r.entity_id}
              </td>
              <td>{r.reason}</td>
              <td>{r.ip}</td>
              <td>
                <details>
                  <summary>before / after</summary>
                  <pre>{JSON.stringify({ before: r.before, after: r.after }, null, 1)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
