/**
 * Each route's document title (so a tab, the history list and a screen reader name the screen the
 * user is on), from the route table (contract/routes.ts), and the hook that keeps `document.title`
 * in step with the route.
 */
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { t } from '@/i18n/i18n'
import { findRoute } from '@contract/routes'

export const APP_NAME = 'Watch & Earn'

/**
 * "Wallet · Watch & Earn" in the active language ("वॉलेट · Watch & Earn"); an unknown path reads
 * "Page not found · Watch & Earn".
 */
export function documentTitle(path: string): string {
  const title = findRoute(path)?.title
  return `${title ? t(title) : t('Page not found')} · ${APP_NAME}`
}

/** Sets `document.title` for the current route on every navigation and language change. */
export function useRouteTitle(locale: string): void {
  const [path] = useLocation()
  useEffect(() => {
    document.title = documentTitle(path)
  }, [path, locale])
}
