/**
 * Each route's document title (issue 13: a tab, the history list and a screen reader name the
 * screen the user is on), and the hook that keeps `document.title` in step with the route.
 */
import { useEffect } from 'react'
import { useLocation } from 'wouter'

export const APP_NAME = 'Watch & Earn'

/** Screen names by path (SPEC §2's routes). */
export const ROUTE_TITLES: Record<string, string> = {
  '/': 'Earn coins for every video',
  '/home': 'Earn coins for every video',
  '/termsandcondition': 'Terms & Conditions',
  '/help-center': 'Help Center',
  '/privacy': 'Privacy Policy',
  '/how-to-play': 'How to Play',
  '/your-mistake': 'Withdrawal mistakes',
  '/payment': 'Card payment',
  '/payment-success': 'Payment result',
  '/payment-fail': 'Payment result',
  '/bank-details-confirmation': 'Bank details added',
  '/verify-otp-signup': 'Verify your email',
  '/loginn': 'Log In',
  '/loginold': 'Log In',
  '/login': 'Log In',
  '/signup': 'Create an account',
  '/register': 'Create an account',
  '/enter-email': 'Forgot password',
  '/enter-email-otp': 'Enter the code',
  '/update-password': 'Create new password',
  '/dashboard': 'Dashboard',
  '/how-to-earn': 'How To Earn',
  '/platform-fee': 'Platform Fee',
  '/deposit-fee': 'Membership Plans',
  '/m-payment': 'Pay by UPI',
  '/amount-withdraw': 'Withdraw',
  '/referandearn': 'Refer & Earn',
  '/wallet': 'Wallet',
  '/profile': 'Profile',
  '/edit-profile': 'Edit Profile',
  '/add-bank-details': 'Add Bank Details',
}

/** "Wallet · Watch & Earn"; an unknown path reads "Page not found · Watch & Earn". */
export function documentTitle(path: string): string {
  return `${ROUTE_TITLES[path] ?? 'Page not found'} · ${APP_NAME}`
}

/** Sets `document.title` for the current route on every navigation. */
export function useRouteTitle(): void {
  const [path] = useLocation()
  useEffect(() => {
    document.title = documentTitle(path)
  }, [path])
}
