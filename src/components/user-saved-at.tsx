/**
 * When the signed-in user's data on a screen was fetched (the user store's `fetchedAt`): "Saved at
 * 9:41 pm" over the copy this phone kept, "Updated just now" once the server has answered
 * (./saved-copy-label.tsx). Its line keeps its height while the time is not known, so nothing
 * moves when it comes. Drawn in the first frame, with the saved copy (docs/product.md#budgets).
 */
import { useUserStore } from '@/stores/user-store'
import { SavedCopyLabel } from './saved-copy-label'

/** `stale`: the last fetch of the user failed, so the copy on screen is the saved one. */
export function UserSavedAt({ stale }: { stale: boolean }) {
  const fetchedAt = useUserStore((s) => s.fetchedAt)
  return (
    <div className="refresh-control">
      <SavedCopyLabel savedAt={fetchedAt} stale={stale} />
    </div>
  )
}
