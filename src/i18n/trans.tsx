/**
 * `<T>`: a message with elements inside (issue 16). Apart from the start file (vite.config.ts
 * groups src/i18n/i18n.ts and react.tsx there): only the screens that use it load Lingui's
 * element formatting.
 */
import type { ReactNode } from 'react'
import { TransNoContext } from '@lingui/react/server'
import { i18n, type MessageValues } from './i18n'

/**
 * A message with elements inside, e.g. `<T id="Read the <0>terms</0>" components={{ 0: <Link
 * href="/termsandcondition" /> }} />`: the id is the English text (a literal, for the catalog
 * test), each `<n>…</n>` wraps its text in `components[n]`.
 */
export function T(props: {
  id: string
  values?: MessageValues
  components?: Record<string, ReactNode>
}) {
  const { id, values, components } = props
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />
}
