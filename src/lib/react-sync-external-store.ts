/**
 * What the build gives a library that imports `use-sync-external-store/shim` (wouter does, to run
 * on React 16 and 17): React 19's own hook, which the shim would pick at run time anyway, without
 * the shim's fallback code in the app's start (scripts/build/aliases.ts).
 */
export { useSyncExternalStore } from 'react'
