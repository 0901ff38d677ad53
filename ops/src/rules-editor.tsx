/** The live rules (DECISIONS §3): edit, save with a reason, and the history of every version. */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { OpsError, opsCall } from './api.ts'
import { Notice } from './paged.tsx'
import type { RulesAnswer } from '../../contract/api/ops-content.ts'

/** The rules being edited, by name (the served rules and the operator's changes). */
type Draft = Record<string, number | boolean | string>

export function RulesEditor({ canAct }: { canAct: boolean }) {
  const [data, setData] = useState<RulesAnswer | null>(null)
  const [draft, setDraft] = useState<Draft>({})
  const [reason, setReason] = useState('')
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)

  const load = useCallback(async () => {
    const answer = await opsCall<RulesAnswer>('/rules')
    setData(answer)
    setDraft(answer.rules)
  }, [])
  useEffect(() => {
    load().catch((e: Error) => setNotice({ ok: false, text: e.message }))
  }, [load])

  if (!data) return <Notice notice={notice} />

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const changed = Object.fromEntries(
      Object.entries(draft).filter(([k, v]) => (data.rules as Draft)[k] !== v),
    )
    try {
      await opsCall('/rules', { method: 'PUT', body: { rules: changed, reason } })
      setNotice({ ok: true, text: 'Rules saved. Every instance serves them within seconds.' })
      setReason('')
      await load()
    } catch (e) {
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Saving failed.' })
    }
  }

  return (
    <section aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <form className="rules" onSubmit={save}>
        <fieldset disabled={!canAct}>
          {Object.entries(data.editable.numbers).map(([key, spec]) => (
            <label key={key}>
              {spec.label}
              <input
                type="number"
                min={spec.min}
                max={spec.max}
                step={1}
                value={String(draft[key] ?? '')}
                onChange={(e) =>
                  setDraft({ ...draft, [key]: e.target.value === '' ? '' : Number(e.target.value) })
                }
              />
            </label>
          ))}
          {Object.entries(data.editable.switches).map(([key, spec]) => (
            <label key={key} className="check">
              <input
                type="checkbox"
                checked={draft[key] === true}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
              />{' '}
              {spec.label}
            </label>
          ))}
          <label>
            Reason for the change
            <input value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit">Save rules</button>
        </fieldset>
      </form>
      <Notice notice={notice} />
      <h2>History</h2>
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>Reason</th>
            <th>Rules</th>
          </tr>
        </thead>
        <tbody>
          {data.history.map((h) => (
            <tr key={h.id}>
              <td>{new Date(h.created_at).toLocaleString('en-IN')}</td>
              <td>{h.actor}</td>
              <td>{h.reason}</td>
              <td>
                <details>
                  <summary>show</summary>
                  <pre>{JSON.stringify(h.rules, null, 1)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
