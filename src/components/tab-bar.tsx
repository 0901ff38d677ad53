/**
 * The logged-in app's bottom tab bar: Home (/dashboard), Wallet (/wallet), Refer (/referandearn)
 * and Profile (/profile), docs/product.md#screens's routes. It shows on those four screens only; the inner screens
 * keep their back button. Icons are Lucide's, imported one by one (inline SVG, part of the app's
 * own chunk: no request of their own before the dashboard's first render).
 */
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { Gift, House, UserRound, WalletMinimal, type LucideIcon } from 'lucide-react'
import { routePath } from '@contract/routes'
import { msg, t } from '@/i18n/i18n'
import { TAB_PATHS, showsTabBar } from './tab-bar-routes'

interface Tab {
  href: (typeof TAB_PATHS)[number]
  /** The English label (`msg()`), shown through `t()`. */
  label: string
  Icon: LucideIcon
}

/** The tabs, in TAB_PATHS' order. */
export const TABS: readonly Tab[] = [
  { href: '/dashboard', label: msg('Home'), Icon: House },
  { href: '/wallet', label: msg('Wallet'), Icon: WalletMinimal },
  { href: '/referandearn', label: msg('Refer'), Icon: Gift },
  { href: '/profile', label: msg('Profile'), Icon: UserRound },
]

export function TabBar() {
  const [location] = useLocation()
  const visible = showsTabBar(location)
  // The page keeps room at its bottom for the bar (and the update prompt rises above it).
  useEffect(() => {
    if (!visible) return
    document.body.classList.add('has-tab-bar')
    return () => document.body.classList.remove('has-tab-bar')
  }, [visible])
  if (!visible) return null
  const current = routePath(location)
  return (
    <nav className="tab-bar" aria-label={t('Main')}>
      <ul>
        {TABS.map(({ href, label, Icon }) => (
          <li key={href}>
            <Link href={href} aria-current={href === current ? 'page' : undefined}>
              <Icon aria-hidden="true" strokeWidth={2} />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
