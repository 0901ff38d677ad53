/** Not found: any path outside the route table gets a clear message and a way home. */
import { Link } from 'wouter'
import { t } from '@/i18n/i18n'

export default function NotFound() {
  return (
    <main className="page stack center">
      <h1>{t('Page not found')}</h1>
      <p>{t('The page you are looking for does not exist or has moved.')}</p>
      <Link href="/" className="btn">
        {t('Go to Home')}
      </Link>
    </main>
  )
}
