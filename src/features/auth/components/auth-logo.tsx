/** The product's logo at the top of the account screens. */
import './auth.css'

export function AuthLogo() {
  return (
    <img
      className="logo auth-logo"
      src="/icons/icon.svg"
      alt="Watch & Earn"
      width={72}
      height={72}
    />
  )
}
