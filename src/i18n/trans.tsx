/**
 * `<T>`: a message with elements inside. Apart from the start file (vite.config.ts groups
 * src/i18n/i18n.ts and react.tsx there): only the screens that use it load Lingui's element
 * formatting.
 */
import type { ReactNode } from 'react'
import { TransNoContext } from '@lingui/react/server'
import { i18n, t, type MessageValues } from './i18n'

/**
 * A message with elements inside, e.g. `<T id="Read the <0>terms</0>" components={{ 0: <Link
 * href="/termsandcondition" /> }} />`: the id is the English text (a literal, for the catalog
 * test), `values` fill its `{name}` placeholders, each `<n>…</n>` wraps its text in `components[n]`.
 */
export function T(props: {
  id: string
  values?: MessageValues
  components?: Record<string, ReactNode>
}) {
  const { id, values, components } = props
  // `t` translates and fills the placeholders in either language (an English message has no
  // compiled entry, and Lingui's answer for one is its id with `{name}` left as it is); Lingui
  // then only puts the text of each `<n>…</n>` into its element.
  return <TransNoContext id={t(id, values)} components={components} lingui={{ i18n }} />
}
