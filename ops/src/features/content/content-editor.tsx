/** Videos (link, timer, order, active) and plans (type, deposit, coins per video, days, active). */
import { useCallback, useEffect, useState } from 'react'
import { OpsError, opsCall } from '../../lib/api.ts'
import type { ActionNotice } from '../../lib/use-paged.ts'
import { Notice } from '../../components/notice.tsx'
import type { OpsPlan, OpsVideo } from '../../../../contract/api/ops-content.ts'

type Video = OpsVideo
type Plan = OpsPlan

const NEW_VIDEO = { link: '', redirection_link: '', timer: 30, position: 0, active: 1 }
const NEW_PLAN = {
  membership_type: '',
  deposit_point: '',
  video_point: 100,
  withdrawl_days: 7,
  active: 1,
}

export function ContentEditor({ canAct }: { canAct: boolean }) {
  const [videos, setVideos] = useState<Video[]>([])
  const [plans, setPlans] = useState<Plan[]>([])
  const [notice, setNotice] = useState<ActionNotice | null>(null)
  const load = useCallback(async () => {
    setVideos((await opsCall<{ rows: Video[] }>('/videos')).rows)
    setPlans((await opsCall<{ rows: Plan[] }>('/plans')).rows)
  }, [])
  useEffect(() => {
    load().catch((e: Error) => setNotice({ ok: false, text: e.message }))
  }, [load])

  const save = async (path: string, id: number | null, row: Record<string, unknown>) => {
    const { id: _id, ...fields } = row
    try {
      await opsCall(id === null ? path : `${path}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: { ...fields, active: Boolean(fields.active) },
      })
      setNotice({ ok: true, text: id === null ? 'Created.' : 'Saved.' })
      await load()
    } catch (e) {
      setNotice({ ok: false, text: e instanceof OpsError ? e.message : 'Saving failed.' })
    }
  }

  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Videos and plans</h1>
      <Notice notice={notice} />
      <h2>Videos</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Link</th>
            <th scope="col">Redirection link</th>
            <th scope="col">Timer (s)</th>
            <th scope="col">Order</th>
            <th scope="col">Active</th>
            {canAct && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {[...videos, { id: 0, ...NEW_VIDEO }].map((v) => (
            <EditRow
              key={v.id}
              row={v}
              canAct={canAct}
              fields={[
                ['link', 'text'],
                ['redirection_link', 'text'],
                ['timer', 'number'],
                ['position', 'number'],
              ]}
              label={v.id ? `video ${v.id}` : 'new video'}
              onSave={(row) => save('/videos', v.id || null, row)}
            />
          ))}
        </tbody>
      </table>
      <h2>Plans</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Deposit (₹ or FREE)</th>
            <th scope="col">Coins per video</th>
            <th scope="col">Withdrawal days</th>
            <th scope="col">Active</th>
            {canAct && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {[...plans, { id: 0, ...NEW_PLAN }].map((p) => (
            <EditRow
              key={p.id}
              row={p}
              canAct={canAct}
              fields={[
                ['membership_type', 'text'],
                ['deposit_point', 'text'],
                ['video_point', 'number'],
                ['withdrawl_days', 'number'],
              ]}
              label={p.id ? `plan ${p.id}` : 'new plan'}
              onSave={(row) => save('/plans', p.id || null, row)}
            />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function EditRow(props: {
  row: Record<string, string | number>
  fields: [string, 'text' | 'number'][]
  canAct: boolean
  label: string
  onSave: (row: Record<string, unknown>) => void
}) {
  const [draft, setDraft] = useState(props.row)
  return (
    <tr>
      {props.fields.map(([name, type]) => (
        <td key={name}>
          <input
            aria-label={`${name} of ${props.label}`}
            type={type}
            disabled={!props.canAct}
            value={String(draft[name] ?? '')}
            onChange={(e) =>
              setDraft({
                ...draft,
                [name]: type === 'number' ? Number(e.target.value) : e.target.value,
              })
            }
          />
        </td>
      ))}
      <td>
        <input
          aria-label={`active ${props.label}`}
          type="checkbox"
          disabled={!props.canAct}
          checked={Boolean(draft.active)}
          onChange={(e) => setDraft({ ...draft, active: e.target.checked ? 1 : 0 })}
        />
      </td>
      {props.canAct && (
        <td>
          <button type="button" onClick={() => props.onSave(draft)}>
            {props.row.id ? 'Save' : 'Add'}
          </button>
        </td>
      )}
    </tr>
  )
}
