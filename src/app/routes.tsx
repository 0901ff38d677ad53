/**
 * The one route table (SPEC §2): every path with its access class and its lazily loaded screen.
 * `auth` routes send a visitor without a token to /loginn; `guest` routes send a visitor with a
 * token to /dashboard; `public` routes are open.
 */
import type { ComponentType } from 'react'
import { lazyWithRetry } from '@/lib/lazy-with-retry'

export type Access = 'auth' | 'guest' | 'public'

export interface RouteEntry {
  path: string
  access: Access
  component: ComponentType
}

/** A lazily loaded screen that reloads the page once if its chunk fails to load (a new deploy). */
const page = (load: () => Promise<{ default: ComponentType }>) => lazyWithRetry(load)

const Landing = page(() => import('@/features/landing/routes/landing'))
const Login = page(() => import('@/features/auth/routes/login'))
const Register = page(() => import('@/features/auth/routes/register'))

export const ROUTES: RouteEntry[] = [
  // Public
  { path: '/', access: 'public', component: Landing },
  { path: '/home', access: 'public', component: Landing },
  {
    path: '/termsandcondition',
    access: 'public',
    component: page(() => import('@/features/static-pages/routes/terms')),
  },
  {
    path: '/help-center',
    access: 'public',
    component: page(() => import('@/features/static-pages/routes/help-center')),
  },
  {
    path: '/privacy',
    access: 'public',
    component: page(() => import('@/features/static-pages/routes/privacy')),
  },
  {
    path: '/how-to-play',
    access: 'public',
    component: page(() => import('@/features/static-pages/routes/how-to-play')),
  },
  {
    path: '/your-mistake',
    access: 'public',
    component: page(() => import('@/features/static-pages/routes/your-mistake')),
  },
  {
    path: '/payment',
    access: 'public',
    component: page(() => import('@/features/payment/routes/payment')),
  },
  {
    path: '/payment-success',
    access: 'public',
    component: page(() => import('@/features/payment/routes/payment-success')),
  },
  {
    path: '/payment-fail',
    access: 'public',
    component: page(() => import('@/features/payment/routes/payment-fail')),
  },
  {
    path: '/bank-details-confirmation',
    access: 'public',
    component: page(() => import('@/features/profile/routes/bank-details-confirmation')),
  },
  {
    path: '/verify-otp-signup',
    access: 'public',
    component: page(() => import('@/features/auth/routes/verify-otp-signup')),
  },

  // Guest only
  { path: '/loginn', access: 'guest', component: Login },
  { path: '/loginold', access: 'guest', component: Login },
  { path: '/signup', access: 'guest', component: Register },
  { path: '/register', access: 'guest', component: Register },
  {
    path: '/enter-email',
    access: 'guest',
    component: page(() => import('@/features/auth/routes/enter-email')),
  },
  {
    path: '/enter-email-otp',
    access: 'guest',
    component: page(() => import('@/features/auth/routes/enter-email-otp')),
  },
  {
    path: '/update-password',
    access: 'guest',
    component: page(() => import('@/features/auth/routes/update-password')),
  },

  // Logged-in only
  {
    path: '/dashboard',
    access: 'auth',
    component: page(() => import('@/features/dashboard/routes/dashboard')),
  },
  {
    path: '/how-to-earn',
    access: 'auth',
    component: page(() => import('@/features/how-to-earn/routes/how-to-earn')),
  },
  {
    path: '/platform-fee',
    access: 'auth',
    component: page(() => import('@/features/membership/routes/platform-fee')),
  },
  {
    path: '/deposit-fee',
    access: 'auth',
    component: page(() => import('@/features/membership/routes/deposit-fee')),
  },
  {
    path: '/m-payment',
    access: 'auth',
    component: page(() => import('@/features/membership/routes/m-payment')),
  },
  {
    path: '/amount-withdraw',
    access: 'auth',
    component: page(() => import('@/features/withdraw/routes/amount-withdraw')),
  },
  {
    path: '/referandearn',
    access: 'auth',
    component: page(() => import('@/features/referral/routes/refer-and-earn')),
  },
  {
    path: '/wallet',
    access: 'auth',
    component: page(() => import('@/features/wallet/routes/wallet')),
  },
  {
    path: '/profile',
    access: 'auth',
    component: page(() => import('@/features/profile/routes/profile')),
  },
  {
    path: '/edit-profile',
    access: 'auth',
    component: page(() => import('@/features/profile/routes/edit-profile')),
  },
  {
    path: '/add-bank-details',
    access: 'auth',
    component: page(() => import('@/features/profile/routes/add-bank-details')),
  },
]

export const NotFound = page(() => import('@/features/not-found/routes/not-found'))
