// Module aliases shared by the app's build, its tests and the server-side render's build (scripts/build/pages.ts).
import path from 'node:path'

/**
 * `@/` is src/; `@contract/` is contract/ (the API contract and the rules both sides use). The
 * `useSyncExternalStore` shim wouter imports for React 16 and 17 is React 19's own hook
 * (src/lib/react-sync-external-store.ts): its fallback cost the landing's start 0.35 KB gzipped.
 */
export const APP_ALIASES = {
  '@': path.resolve(import.meta.dirname, '../../src'),
  '@contract': path.resolve(import.meta.dirname, '../../contract'),
  'use-sync-external-store/shim/index.js': path.resolve(
    import.meta.dirname,
    '../../src/lib/react-sync-external-store.ts',
  ),
}
