/** The landing page's footer (docs/product.md#what-it-is): quick links and the maintainer credit. */
import { Link } from 'wouter'
import { msg, t } from '@/i18n/i18n'

const QUICK_LINKS = [
  { href: '/termsandcondition', label: msg('Terms & Conditions') },
  { href: '/privacy', label: msg('Privacy Policy') },
  { href: '/help-center', label: msg('Help Center') },
  { href: '/how-to-earn', label: msg('How to earn') },
  { href: '/how-to-play', label: msg('How to play') },
]

export function LandingFooter() {
  return (
    <footer className="landing-footer below-fold">
      <nav aria-label={t('Quick links')}>
        <ul className="footer-links">
          {QUICK_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted" data-testid="maintainer-credit">
        {t('Built and maintained by the Watch & Earn team. © {year}', {
          year: new Date().getFullYear(),
        })}
      </p>
    </footer>
  )
}
