/**
 * The app's two languages and which one a visitor gets: the stored choice (the language switch,
 * kept offline in localStorage and mirrored in the `lang` cookie the server and the service worker
 * read to pick the rendered page), else Hindi when the browser's first preferred language is
 * Hindi, else English. Kept free of imports: src/boot.ts runs it before the app's code has loaded.
 */

export type Locale = 'en' | 'hi'

export const LOCALES: readonly Locale[] = ['en', 'hi']

/** The localStorage key and cookie name of the visitor's own choice. */
export const LOCALE_KEY = 'lang'

/** `'hi'` or `'en'` when `value` names one of them (any case, a region tag allowed), else null. */
export function parseLocale(value: string | null | undefined): Locale | null {
  const tag = value?.trim().toLowerCase() ?? ''
  if (tag === 'hi' || tag.startsWith('hi-')) return 'hi'
  if (tag === 'en' || tag.startsWith('en-')) return 'en'
  return null
}

/** The stored choice, if any (localStorage; unreadable storage counts as none). */
export function storedLocale(): Locale | null {
  try {
    return parseLocale(globalThis.localStorage?.getItem(LOCALE_KEY))
  } catch {
    return null
  }
}

/** Hindi when `languages` (navigator.languages) starts with a Hindi tag, else English. */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  return parseLocale(languages?.[0]) === 'hi' ? 'hi' : 'en'
}

/** The language the app opens in: the stored choice wins over the browser's preference. */
export function detectLocale(): Locale {
  return storedLocale() ?? browserLocale(globalThis.navigator?.languages)
}
