/**
 * A screen's line saying when the data it shows was fetched: "Saved at 9:41 pm" over the copy this
 * phone kept, "Updated just now" once the server has answered (./saved-copy-label.tsx). The line
 * keeps its height while the time is not known, so nothing moves when it comes. Drawn in the first
 * frame, with the saved copy (docs/product.md#budgets).
 */
import { SavedCopyLabel } from './saved-copy-label'

interface Props {
  /** When the shown data was fetched (ms since epoch); null: not known, and the line is empty. */
  savedAt: number | null
  /** Whether the last fetch failed, so the copy on screen is the saved one. */
  stale: boolean
}

export function SavedAt({ savedAt, stale }: Props) {
  return (
    <div className="refresh-control">
      <SavedCopyLabel savedAt={savedAt} stale={stale} />
    </div>
  )
}
