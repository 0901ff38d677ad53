/**
 * The route table (docs/product.md#screens): the only place a route of the PWA is declared. The app's router and
 * guards (src/app/routes.tsx), the document titles, the cold-start API reads (src/lib/early-gets.ts),
 * the build's pages (scripts/build/) and the page the server and the service worker answer a
 * navigation with (`pageFile`, server/plugins/static.ts and sw/sw.ts) all read it. Imports nothing
 * but `msg` and the screens' image paths: the entry script, the service worker and the build load
 * it.
 */
import { msg } from './msg.ts'
import { PLAYER_POSTER } from './screen-images.ts'

/**
 * Who may open a route: `auth` sends a visitor without a token to /loginn, `guest` sends a visitor
 * with a token to /dashboard, `public` is open to both. It also decides how the route's page
 * starts (docs/architecture.md, "How the pages start"): a route a guest may open is rendered
 * (src/entry-server.tsx) and hydrated; an `auth` route starts from the app shell, which draws the
 * visitor's saved copy in its first frame.
 */
export type Access = 'auth' | 'guest' | 'public'

export interface RouteDef {
  /** The path as the router matches it: no trailing slash except the root. */
  path: string
  access: Access
  /** The screen's name (English, a catalog message): the document title and the outline's heading. */
  title: string
  /** The screen's module under src/features/, without extension (its default export). */
  screen: string
  /**
   * The API GETs (paths under /api/v1/, as the app's client spells them) the screen sends as it
   * opens with a token (a route a guest may open: also without one); the entry script sends them
   * alongside the app's code on a cold start. A `{name}` stands for the page's query parameter
   * `name`, trimmed (`routeReads`). tests/e2e/route-reads.test.ts checks each screen sends
   * exactly these.
   */
  reads?: readonly string[]
  /**
   * Images the screen draws in its first render (paths under public/): its app shell asks for them
   * in its head (scripts/build/pages.ts), with the app's code, rather than once the first render
   * has found them (LCP, when one is the screen's largest paint).
   */
  images?: readonly string[]
  /**
   * A rendered page whose content is due soon after it opens (docs/product.md#budgets: the payment
   * result by 2.3 s): it fetches the app's code and its screen's with the entry script and starts
   * the app at once, instead of once the page is idle (src/boot.ts, scripts/build/pages.ts).
   */
  appAtOnce?: true
}

/** Every route of the PWA, in docs/product.md#screens's order: public, guest only, logged-in only. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  {
    path: '/',
    access: 'public',
    title: msg('Earn coins for every video'),
    screen: 'landing/routes/landing',
  },
  {
    path: '/home',
    access: 'public',
    title: msg('Earn coins for every video'),
    screen: 'landing/routes/landing',
  },
  {
    path: '/termsandcondition',
    access: 'public',
    title: msg('Terms & Conditions'),
    screen: 'static-pages/routes/terms',
  },
  {
    path: '/help-center',
    access: 'public',
    title: msg('Help Center'),
    screen: 'static-pages/routes/help-center',
  },
  {
    path: '/privacy',
    access: 'public',
    title: msg('Privacy Policy'),
    screen: 'static-pages/routes/privacy',
  },
  {
    path: '/how-to-play',
    access: 'public',
    title: msg('How to Play'),
    screen: 'static-pages/routes/how-to-play',
  },
  {
    path: '/your-mistake',
    access: 'public',
    title: msg('Withdrawal mistakes'),
    screen: 'static-pages/routes/your-mistake',
  },
  {
    path: '/payment',
    access: 'public',
    title: msg('Card payment'),
    screen: 'payment/routes/payment',
  },
  {
    path: '/payment-success',
    access: 'public',
    title: msg('Payment result'),
    screen: 'payment/routes/payment-success',
    reads: ['payment-result/?order_id={order_id}'],
    appAtOnce: true,
  },
  {
    path: '/payment-fail',
    access: 'public',
    title: msg('Payment result'),
    screen: 'payment/routes/payment-fail',
    reads: ['payment-result/?order_id={order_id}'],
    appAtOnce: true,
  },
  {
    path: '/bank-details-confirmation',
    access: 'public',
    title: msg('Bank details added'),
    screen: 'profile/routes/bank-details-confirmation',
  },
  {
    path: '/verify-otp-signup',
    access: 'public',
    title: msg('Verify your email'),
    screen: 'auth/routes/verify-otp-signup',
  },

  // Guest only
  {
    path: '/loginn',
    access: 'guest',
    title: msg('Log In'),
    screen: 'auth/routes/login',
  },
  {
    path: '/loginold',
    access: 'guest',
    title: msg('Log In'),
    screen: 'auth/routes/login',
  },
  {
    path: '/signup',
    access: 'guest',
    title: msg('Create an account'),
    screen: 'auth/routes/register',
  },
  {
    path: '/register',
    access: 'guest',
    title: msg('Create an account'),
    screen: 'auth/routes/register',
  },
  {
    path: '/enter-email',
    access: 'guest',
    title: msg('Forgot password'),
    screen: 'auth/routes/enter-email',
  },
  {
    path: '/enter-email-otp',
    access: 'guest',
    title: msg('Enter the code'),
    screen: 'auth/routes/enter-email-otp',
  },
  {
    path: '/update-password',
    access: 'guest',
    title: msg('Create new password'),
    screen: 'auth/routes/update-password',
  },

  // Logged-in only
  {
    path: '/dashboard',
    access: 'auth',
    title: msg('Dashboard'),
    screen: 'dashboard/routes/dashboard',
    reads: ['get-user/', 'config/', 'get-membership/', 'dashboard/?link='],
    images: [PLAYER_POSTER],
  },
  {
    path: '/how-to-earn',
    access: 'auth',
    title: msg('How To Earn'),
    screen: 'how-to-earn/routes/how-to-earn',
    reads: ['get-user/', 'config/', 'withdrawal-status/'],
  },
  {
    path: '/platform-fee',
    access: 'auth',
    title: msg('Platform Fee'),
    screen: 'membership/routes/platform-fee',
    reads: ['get-user/', 'config/', 'withdrawal-status/'],
  },
  {
    path: '/deposit-fee',
    access: 'auth',
    title: msg('Membership Plans'),
    screen: 'membership/routes/deposit-fee',
    reads: ['get-user/', 'config/', 'get-membership/', 'withdrawal-status/'],
  },
  {
    path: '/m-payment',
    access: 'auth',
    title: msg('Pay by UPI'),
    screen: 'membership/routes/m-payment',
    reads: ['get-user/', 'get-upi/'],
  },
  {
    path: '/amount-withdraw',
    access: 'auth',
    title: msg('Withdraw'),
    screen: 'withdraw/routes/amount-withdraw',
    reads: ['get-user/', 'config/', 'withdrawal-status/'],
  },
  {
    path: '/referandearn',
    access: 'auth',
    title: msg('Refer & Earn'),
    screen: 'referral/routes/refer-and-earn',
    reads: ['get-user/', 'config/'],
  },
  {
    path: '/wallet',
    access: 'auth',
    title: msg('Wallet'),
    screen: 'wallet/routes/wallet',
    reads: ['get-user/', 'config/', 'wallet/'],
  },
  {
    path: '/profile',
    access: 'auth',
    title: msg('Profile'),
    screen: 'profile/routes/profile',
    reads: ['get-user/', 'config/'],
  },
  {
    path: '/edit-profile',
    access: 'auth',
    title: msg('Edit Profile'),
    screen: 'profile/routes/edit-profile',
    reads: ['get-user/'],
  },
  {
    path: '/add-bank-details',
    access: 'auth',
    title: msg('Add Bank Details'),
    screen: 'profile/routes/add-bank-details',
    reads: ['get-user/', 'bank-details/'],
  },
]

/** The landing's screen: its page is index.html, the build's entry (Vite's). */
export const LANDING_SCREEN = 'landing/routes/landing'

/** A location's path as the table spells it: '/dashboard/' → '/dashboard', '/' → '/'. */
export function routePath(pathname: string): string {
  return pathname.replace(/(.)\/$/, '$1')
}

/** The route at `pathname` (trailing slash ignored), or undefined for a path the app does not know. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = routePath(pathname)
  return ROUTES.find((route) => route.path === path)
}

/**
 * The GETs `route` reads (its `reads`) on a page opened with the query `search` ('?a=1&b=2'): each
 * `{name}` is the query parameter `name`, trimmed and encoded as the app's client encodes it
 * (URLSearchParams); a read whose parameter is missing, empty or not decodable is left out (its
 * screen then sends none, or its own).
 */
export function routeReads(route: RouteDef, search: string): string[] {
  return (route.reads ?? []).flatMap((read) => {
    let missing = false
    const filled = read.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = queryParam(search, name)?.trim() ?? ''
      if (!value) missing = true
      return formEncode(value)
    })
    return missing ? [] : [filled]
  })
}

/** The first value of the query parameter `name` in `search`, decoded; null when absent or not decodable. */
function queryParam(search: string, name: string): string | null {
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '))
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=')
    const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
    try {
      if (decode(key) === name) return decode(value)
    } catch {
      return null
    }
  }
  return null
}

/** `value` form-encoded, as URLSearchParams writes it: `+` for a space, `%XX` for all but `*-._`. */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/**
 * The build's page a navigation to `pathname` is answered with, relative to the build's root and
 * in `locale` (Hindi pages live under `hi/`): `index.html` for the landing (`/`, `/home`: Vite's
 * entry page), `pages/<route>.html` for another route a guest may open (rendered, hydrated),
 * `shell/<route>.html` for a signed-in route (the app shell naming the route's files), and
 * `app.html` (the bare app shell) for a path with no route (the app redirects /login, or says the
 * page is not found). The server and the service worker both answer with it.
 */
export function pageFile(pathname: string, locale: 'en' | 'hi'): string {
  const dir = locale === 'hi' ? 'hi/' : ''
  const route = findRoute(pathname)
  if (!route) return `${dir}app.html`
  if (route.screen === LANDING_SCREEN) return `${dir}index.html`
  return `${dir}${route.access === 'auth' ? 'shell' : 'pages'}${route.path}.html`
}
