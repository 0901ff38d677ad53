/**
 * Each route's document title (so a tab, the history list and a screen reader name the screen the
 * user is on), and the hook that keeps `document.title` in step with the route.
 */
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { msg, t } from '@/i18n/i18n'

export const APP_NAME = 'Watch & Earn'

/** Screen names by path (SPEC §2's routes). */
export const ROUTE_TITLES: Record<string, string> = {
  '/': msg('Earn coins for every video'),
  '/home': msg('Earn coins for every video'),
  '/termsandcondition': msg('Terms & Conditions'),
  '/help-center': msg('Help Center'),
  '/privacy': msg('Privacy Policy'),
  '/how-to-play': msg('How to Play'),
  '/your-mistake': msg('Withdrawal mistakes'),
  '/payment': msg('Card payment'),
  '/payment-success': msg('Payment result'),
  '/payment-fail': msg('Payment result'),
  '/bank-details-confirmation': msg('Bank details added'),
  '/verify-otp-signup': msg('Verify your email'),
  '/loginn': msg('Log In'),
  '/loginold': msg('Log In'),
  '/login': msg('Log In'),
  '/signup': msg('Create an account'),
  '/register': msg('Create an account'),
  '/enter-email': msg('Forgot password'),
  '/enter-email-otp': msg('Enter the code'),
  '/update-password': msg('Create new password'),
  '/dashboard': msg('Dashboard'),
  '/how-to-earn': msg('How To Earn'),
  '/platform-fee': msg('Platform Fee'),
  '/deposit-fee': msg('Membership Plans'),
  '/m-payment': msg('Pay by UPI'),
  '/amount-withdraw': msg('Withdraw'),
  '/referandearn': msg('Refer & Earn'),
  '/wallet': msg('Wallet'),
  '/profile': msg('Profile'),
  '/edit-profile': msg('Edit Profile'),
  '/add-bank-details': msg('Add Bank Details'),
}

/**
 * "Wallet · Watch & Earn" in the active language ("वॉलेट · Watch & Earn"); an unknown path reads
 * "Page not found · Watch & Earn".
 */
export function documentTitle(path: string): string {
  const title = ROUTE_TITLES[path]
  return `${title ? t(title) : t('Page not found')} · ${APP_NAME}`
}

/** Sets `document.title` for the current route on every navigation and language change. */
export function useRouteTitle(locale: string): void {
  const [path] = useLocation()
  useEffect(() => {
    document.title = documentTitle(path)
  }, [path, locale])
}
