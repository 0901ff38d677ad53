/** The closing button of the terms and privacy pages (docs/product.md#screens): 'Continue Watching Videos' to /dashboard. */
import { Link } from 'wouter'
import { t } from '@/i18n/i18n'

export function ContinueWatching() {
  return (
    <Link href="/dashboard" className="btn">
      {t('Continue Watching Videos')}
    </Link>
  )
}
