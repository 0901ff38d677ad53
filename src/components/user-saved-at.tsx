/**
 * When the signed-in user's data on a screen was fetched (the user store's `fetchedAt`), as the
 * screen's saved-copy line (./saved-at.tsx).
 */
import { useUserStore } from '@/stores/user-store'
import { SavedAt } from './saved-at'

/** `stale`: the last fetch of the user failed, so the copy on screen is the saved one. */
export function UserSavedAt({ stale = false }: { stale?: boolean }) {
  const fetchedAt = useUserStore((s) => s.fetchedAt)
  return <SavedAt savedAt={fetchedAt} stale={stale} />
}
