/** The audit trail, newest first, with a CSV export of what the filter shows. */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, download, opsCall } from '../../lib/api.ts'
import { RecordTable } from '../../components/record-table.tsx'
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
      <RecordTable
        rows={rows}
        columns={[
          { header: 'Action', cell: (r) => r.action },
          {
            header: 'Row',
            cell: (r) => (
              <>
                {r.entity} {r.entity_id}
              </>
            ),
          },
          { header: 'Reason', cell: (r) => r.reason },
          { header: 'From', cell: (r) => r.ip },
        ]}
        data={{
          header: 'Change',
          summary: 'before / after',
          value: (r) => ({ before: r.before, after: r.after }),
        }}
      />
    </section>
  )
}
