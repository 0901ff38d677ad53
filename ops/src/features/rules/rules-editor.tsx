/**
 * The live rules (docs/product.md#rules): edit, see the changes (old → new) and confirm, save with a
 * reason, and the history of every version. The risk rules (labelled "Hold: …", docs/product.md#scale)
 * are grouped apart: they decide which withdrawals are held and are never served to users.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { OpsError, opsCall } from '../../lib/api.ts'
import type { ActionNotice } from '../../lib/use-paged.ts'
import { Notice } from '../../components/notice.tsx'
import { RecordTable } from '../../components/record-table.tsx'
import { useConfirm } from '../../components/confirm-dialog.tsx'
import { formatIndianNumber } from '../../../../contract/rules.ts'
import type { RulesAnswer } from '../../../../contract/api/ops-content.ts'

/** The rules being edited, by name (the served rules and the operator's changes). */
type Draft = Record<string, number | boolean | string>

/** The label prefix of the risk rules (server/ops/live-rules.ts EDITABLE_RISK). */
const RISK = 'Hold: '

/** `text` with its first letter in capitals: a risk rule's label under its group's heading. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** A rule's value as operators read it: "1,00,000", "on", "off". */
function ruleText(value: number | boolean | string | undefined): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (typeof value === 'number') return formatIndianNumber(value)
  return value === undefined || value === '' ? '(empty)' : value
}

export function RulesEditor({ canAct }: { canAct: boolean }) {
  const [data, setData] = useState<RulesAnswer | null>(null)
  const [draft, setDraft] = useState<Draft>({})
  const [reason, setReason] = useState('')
  const [notice, setNotice] = useState<ActionNotice | null>(null)
  const [dialog, ask] = useConfirm()

  const load = useCallback(async () => {
    const answer = await opsCall<RulesAnswer>('/rules')
    setData(answer)
    setDraft(answer.rules)
  }, [])
  useEffect(() => {
    load().catch((e: Error) => setNotice({ ok: false, text: e.message }))
  }, [load])

  if (!data) return <Notice notice={notice} />

  const labelOf = (key: string) =>
    data.editable.numbers[key]?.label ?? data.editable.switches[key]?.label ?? key
  const numbers = Object.entries(data.editable.numbers)
  const risk = numbers.filter(([, spec]) => spec.label.startsWith(RISK))
  const numberField = ([key, spec]: (typeof numbers)[number]) => (
    <label key={key}>
      {spec.label.startsWith(RISK) ? sentence(spec.label.slice(RISK.length)) : spec.label}
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
  )

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const served = data.rules as Draft
    const changed = Object.fromEntries(Object.entries(draft).filter(([k, v]) => served[k] !== v))
    if (Object.keys(changed).length === 0) {
      setNotice({ ok: false, text: 'Nothing changed: no rule differs from the one in force.' })
      return
    }
    const accepted = await ask({
      title: 'Save these rule changes?',
      who: Object.keys(changed).every((key) => labelOf(key).startsWith(RISK))
        ? 'Every instance applies them within seconds; users never see them.'
        : 'Every instance serves them within seconds, to every user.',
      lines: [
        ...Object.entries(changed).map(([key, value]) => ({
          label: labelOf(key),
          before: ruleText(served[key]),
          after: ruleText(value),
        })),
        { label: 'Reason', text: reason || '—' },
      ],
      accept: 'Save rules',
    })
    if (!accepted) return
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
          {numbers.filter(([, spec]) => !spec.label.startsWith(RISK)).map(numberField)}
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
        </fieldset>
        {risk.length > 0 && (
          <fieldset disabled={!canAct}>
            <legend>Risk rules (never shown to users)</legend>
            <p className="muted fieldset-note">
              A withdrawal by a user one of these rules fires for is held for review instead of
              going to the payout queue. 0 switches a rule off.
            </p>
            {risk.map(numberField)}
          </fieldset>
        )}
        <fieldset disabled={!canAct}>
          <label>
            Reason for the change
            <input value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="primary">
            Save rules
          </button>
        </fieldset>
      </form>
      <Notice notice={notice} />
      <h2>History</h2>
      <RecordTable
        rows={data.history}
        columns={[{ header: 'Reason', cell: (h) => h.reason }]}
        data={{ header: 'Rules', summary: 'show', value: (h) => h.rules }}
      />
      {dialog}
    </section>
  )
}
