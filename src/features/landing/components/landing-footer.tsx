/** The landing page's footer (SPEC §1): quick links and the maintainer credit. */
import { Link } from 'wouter'

const QUICK_LINKS = [
  { href: '/termsandcondition', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/help-center', label: 'Help Center' },
  { href: '/how-to-earn', label: 'How to earn' },
  { href: '/how-to-play', label: 'How to play' },
]

export function LandingFooter() {
  return (
    <footer className="landing-footer below-fold">
      <nav aria-label="Quick links">
        <ul className="footer-links">
          {QUICK_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted" data-testid="maintainer-credit">
        Built and maintained by the Watch &amp; Earn team. © {new Date().getFullYear()}
      </p>
    </footer>
  )
}
