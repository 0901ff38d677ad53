/**
 * The i18n runtime's React side: `useLocale` (re-renders on a language change), `LocaleBoundary`
 * and `chooseLocale`, what the language switch calls. `<T>` is in ./trans.tsx.
 */
import { Fragment, useSyncExternalStore, type ReactNode } from 'react'
import { activateLocale, currentLocale, i18n } from './i18n'
import { LOCALE_KEY, type Locale } from './detect'
import { loadDevanagariForApp } from './devanagari-font'

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange)
}

/** The active language; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale)
}

/**
 * Draws `children` again, from scratch, when the language changes: every `t()` inside is read
 * anew (the app's whole tree sits in one, src/app/app.tsx).
 */
export function LocaleBoundary({ children }: { children: ReactNode }) {
  return <Fragment key={useLocale()}>{children}</Fragment>
}

/**
 * Stores the visitor's choice (localStorage, and the `lang` cookie by which the server and the
 * service worker pick the rendered page in that language, for a year) and switches the app
 * to it. Resolves once the language is active (Hindi: once its catalog has loaded).
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // Storage refused (private mode): the choice lasts this visit.
  }
  document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`
  // The app redraws in place, in the web font whatever the page's first paint used (swapped in
  // when it comes: the switch does not wait for it).
  if (locale === 'hi') void loadDevanagariForApp()
  await activateLocale(locale)
}
