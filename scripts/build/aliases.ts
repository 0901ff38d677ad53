// Module aliases shared by the app's build, its tests and the prerender's server build.
import path from 'node:path'

/** `@/` is src/. */
export const APP_ALIASES = {
  '@': path.resolve(import.meta.dirname, '../../src'),
}
