/**
 * Build-time rendering of the account screens that need no data (issue 5: the first paint does
 * not wait for JavaScript): the build renders each to static HTML inside app.html (see
 * vite.config.ts `appShellPage`), and the app replaces it on mount with the same markup. Only
 * screens whose first render depends on nothing but the path belong here.
 */
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'

type ScreenModule = () => Promise<{ default: ComponentType }>

/** The prerendered screens by path (SPEC §2 routes; the route table stays the source of truth). */
export const PRERENDERED: Record<string, ScreenModule> = {
  '/loginn': () => import('./features/auth/routes/login'),
  '/loginold': () => import('./features/auth/routes/login'),
  '/register': () => import('./features/auth/routes/register'),
  '/signup': () => import('./features/auth/routes/register'),
}

/** The markup of the screen at `path` as its first client render draws it (no query string). */
export async function render(path: string): Promise<string> {
  const load = PRERENDERED[path]
  if (!load) throw new Error(`${path} is not prerendered`)
  const { default: Screen } = await load()
  return renderToString(
    // wouter's server-side location (the supported way: React's renderToString needs a server
    // snapshot, which memoryLocation's hook lacks).
    <Router ssrPath={path}>
      <Screen />
    </Router>,
  )
}
