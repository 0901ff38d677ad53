// Module aliases shared by the app's build, its tests and the prerender's server build.
import path from 'node:path'

/**
 * `@/` is src/. wouter reads locations through the use-sync-external-store shim, a CommonJS
 * package whose require('react') would pull Preact's CommonJS copy in beside its ES module copy
 * (two Preacts, hooks broken) wherever the `browser` condition does not apply (the prerender's
 * server build, the tests); preact/compat has useSyncExternalStore itself.
 */
export const APP_ALIASES = {
  '@': path.resolve(import.meta.dirname, '../../src'),
  'use-sync-external-store/shim/index.js': 'preact/compat',
  'use-sync-external-store/shim': 'preact/compat',
}
