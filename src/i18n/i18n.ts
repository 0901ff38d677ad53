/**
 * The one i18n runtime of the PWA (Lingui). A message's id is its English text (ICU MessageFormat:
 * `{name}` placeholders, `{n, plural, …}`, `<0>…</0>` for elements), exactly as docs/product.md words it,
 * so English needs no catalog download: English texts are returned as they are with their `{name}`
 * placeholders filled in, and the few plurals and selects come compiled from `virtual:i18n/en`
 * (derived at build time from the Hindi catalog's keys, scripts/build/i18n-catalogs.ts). The Hindi
 * catalog (src/i18n/locales/hi.json, compiled at build time) is a chunk of its own, loaded only
 * when Hindi is active.
 */
import { setupI18n, type Messages } from '@lingui/core'
import { messages as english } from 'virtual:i18n/en'
import type { Locale } from './detect'

export const i18n = setupI18n({
  locale: 'en',
  messages: { en: english },
  // A message with no compiled entry is plain text: its id is its English text (a Hindi entry
  // missing here is what src/i18n/catalog.test.ts fails on).
  missing: (_locale, id) => id,
})

/** Values for a message's placeholders: numbers and texts (already formatted where needed). */
export type MessageValues = Record<string, string | number>

/**
 * A message in the active language. `message` is the English text (a literal: the catalog test
 * finds every key by scanning the source for `t('…')`); `values` fill its `{placeholders}`.
 * Call it while rendering (the app re-renders when the language changes) or when a toast is
 * raised.
 */
export function t(message: string, values?: MessageValues): string {
  // English: the message itself, its `{name}` placeholders filled in; only plurals and selects need
  // Lingui's compiled form (the start file's few bytes count against its budget).
  if (i18n.locale === 'en' && !(message in english)) {
    return values
      ? message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
      : message
  }
  return i18n._(message, values)
}

export { msg } from './msg'

let hindi: Promise<Messages> | null = null

/** Resolves once `locale`'s messages are loaded (Hindi: its chunk, fetched once). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale !== 'hi') return
  if (!hindi) {
    hindi = import('./locales/hi.json?lingui').then((module) => module.messages)
    hindi.catch(() => (hindi = null))
  }
  i18n.load('hi', await hindi)
}

/**
 * Makes `locale` the active language: loads its catalog, activates it (every subscriber of
 * `useLocale` re-renders) and sets `<html lang>`.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale)
  i18n.activate(locale)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

/** The active language. */
export function currentLocale(): Locale {
  return i18n.locale === 'hi' ? 'hi' : 'en'
}

/** The Intl locale of the active language, for numbers and dates: `en-IN` or `hi-IN`. */
export function intlLocale(): 'en-IN' | 'hi-IN' {
  return currentLocale() === 'hi' ? 'hi-IN' : 'en-IN'
}
