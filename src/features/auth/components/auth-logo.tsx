/** The product's logo at the top of the account screens. */
import './auth.css'

export function AuthLogo() {
  return (
    <img
      className="logo auth-logo"
      src="/icons/logo-144.webp"
      alt="Watch & Earn"
      width={72}
      height={72}
    />
  )
}
