/**
 * Where the logged-in app's bottom tab bar shows: the four tabs' screens, docs/product.md#screens's /dashboard,
 * /wallet, /referandearn and /profile. Kept apart from the bar itself (src/components/tab-bar.tsx,
 * with its icons), so the app decides whether to load the bar at all without loading it: an inner
 * screen such as /deposit-fee never fetches the bar's code before its first render (LCP).
 */
import { isLoggedIn } from '@/lib/session'
import { routePath } from '@contract/routes'
import { TAB_PATHS } from './tab-paths'

export { TAB_PATHS }

/** Whether the tab bar shows at `path` (a logged-in visitor on one of the tabs' screens). */
export function showsTabBar(path: string): boolean {
  return isLoggedIn() && (TAB_PATHS as readonly string[]).includes(routePath(path))
}
