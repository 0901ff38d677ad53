/**
 * Version discipline for persisted zustand stores (STYLE: Zustand's guides): each store names its
 * current `version` and one migration step per older version, and `migrateSteps` replays the steps
 * from the stored version up to the current one, so a phone that last opened an old build keeps
 * its data after an update.
 */

/** A step turning a store's persisted state of version `n` into version `n + 1`. */
export type MigrationStep = (state: Record<string, unknown>) => Record<string, unknown>

/**
 * Builds a zustand `persist` `migrate` function from `steps[n]` (version n → n + 1) for a store at
 * `version`. Unknown or missing state becomes `{}` before the steps run; a version newer than
 * the code (a downgrade) is passed through with the fields the code does not know left alone.
 * Throws when a step between the stored and the current version is missing (a coding error).
 */
export function migrateSteps<S>(
  version: number,
  steps: Record<number, MigrationStep>,
): (persisted: unknown, fromVersion: number) => S {
  return (persisted, fromVersion) => {
    let state: Record<string, unknown> =
      persisted !== null && typeof persisted === 'object'
        ? { ...(persisted as Record<string, unknown>) }
        : {}
    for (let v = fromVersion; v < version; v++) {
      const step = steps[v]
      if (!step) throw new Error(`no migration from version ${v} to ${v + 1}`)
      state = step(state)
    }
    return state as S
  }
}

/**
 * A zustand `persist` `merge` for a store whose saved copy carries `fetchedAt` (ms since epoch, null
 * when not known): a fetch answered while the stored copy was still being read (a slow phone's
 * IndexedDB) is newer than that copy, so the state in memory is kept rather than the copy of an
 * earlier visit; otherwise the stored copy is laid over the initial state.
 */
export function keepNewerCopy<S extends { fetchedAt: number | null }, P extends Partial<S>>(
  persisted: unknown,
  current: S,
): S {
  const stored = persisted as P | undefined
  if (!stored) return current
  const newer = (current.fetchedAt ?? -Infinity) > (stored.fetchedAt ?? -Infinity)
  return newer ? current : { ...current, ...stored }
}
