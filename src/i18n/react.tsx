/**
 * The i18n runtime's React side: `useLocale` (re-renders on a language change), `<T>` for
 * messages with elements inside (`<0>…</0>`), and `chooseLocale`, what the language switch calls.
 */
import { Fragment, useSyncExternalStore, type ReactNode } from 'react'
import { TransNoContext } from '@lingui/react/server'
import { activateLocale, currentLocale, i18n, type MessageValues } from './i18n'
import { LOCALE_KEY, type Locale } from './detect'

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
 * service worker pick the prerendered page in that language, for a year) and switches the app
 * to it. Resolves once the language is active (Hindi: once its catalog has loaded).
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, locale)
  } catch {
    // Storage refused (private mode): the choice lasts this visit.
  }
  document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`
  await activateLocale(locale)
}

/**
 * A message with elements inside, e.g. `<T id="Read the <0>terms</0>" components={{ 0: <Link
 * href="/termsandcondition" /> }} />`: the id is the English text (a literal, for the catalog
 * test), each `<n>…</n>` wraps its text in `components[n]`.
 */
export function T(props: { id: string; values?: MessageValues; components?: Record<string, ReactNode> }) {
  const { id, values, components } = props
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />
}
