// Module aliases shared by the app's build, its tests and the server-side render's build (scripts/build/pages.ts).
import path from 'node:path'

/** `@/` is src/; `@contract/` is contract/ (the API contract and the rules both sides use). */
export const APP_ALIASES = {
  '@': path.resolve(import.meta.dirname, '../../src'),
  '@contract': path.resolve(import.meta.dirname, '../../contract'),
}
