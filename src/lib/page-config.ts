/**
 * The served rules a rendered page was drawn with (contract/page-html.ts `PageConfig`): the server
 * render (src/entry-server.tsx) provides them, and the client reads them from the page's
 * `page-config` element to hydrate it. Hooks read them as their server snapshot
 * (`useSyncExternalStore`), so a page hydrates with exactly the figures it shows, and the stored
 * rules take over right after.
 */
import { createContext, useContext } from 'react'
import type { PageConfig } from '@contract/page-html'

export const PageConfigContext = createContext<PageConfig | null>(null)

/** The config the page on screen was rendered with, or null (an app shell page: nothing to hydrate). */
export function usePageConfig(): PageConfig | null {
  return useContext(PageConfigContext)
}

/** The config in the document's `page-config` element, or null when it has none or it is broken. */
export function readPageConfig(): PageConfig | null {
  const text = document.getElementById('page-config')?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as PageConfig
  } catch {
    return null
  }
}
