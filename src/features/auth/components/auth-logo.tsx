/** The product's logo at the top of the account screens. */
import './auth.css'
import { t } from '@/i18n/i18n'

export function AuthLogo() {
  return (
    <img
      className="logo auth-logo"
      src="/icons/logo-144.webp"
      alt={t('Watch & Earn')}
      width={72}
      height={72}
    />
  )
}
