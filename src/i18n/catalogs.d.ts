// Modules of scripts/build/i18n-catalogs.ts: compiled Lingui catalogs.
declare module 'virtual:i18n/en' {
  import type { Messages } from '@lingui/core'
  /** The English plurals and selects, compiled (other messages need no entry). */
  export const messages: Messages
}

declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core'
  /** A catalog (English text → translation), compiled at build time. */
  export const messages: Messages
}
