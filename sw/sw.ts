/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell and every route's chunks (the build's manifest is
 * injected at `self.__WB_MANIFEST`), answers navigations with the cached page of the path, and
 * keeps the last answers of the GET calls a returning user needs (config, user, plans, videos) so
 * the app opens offline with the last data. A new version waits until the
 * page asks it to skip waiting (the update prompt, src/lib/sw-bridge.ts).
 */
import { clientsClaim } from 'workbox-core'
import { precacheAndRoute, cleanupOutdatedCaches, matchPrecache } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerOutboxSync } from './outbox-sync'
import { registerPushHandlers } from './push'
import { userScopedCacheKey } from './user-scoped-cache-key'
import { findRoute, pageFile } from '../contract/routes'
import {
  LAST_FRAMES_CACHE,
  fillLastFrame,
  lastFrameKey,
  type LastFrame,
} from '../contract/page-html'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

/** The API reads kept for offline use (docs/product.md#api paths under /api/v1, docs/product.md#api). */
const OFFLINE_API_PATHS =
  /^\/api\/v1\/(config|get-user|get-membership|dashboard|withdrawal-status)\/?$/

/** Seconds the network may take before the cached answer is served instead. */
const NETWORK_TIMEOUT_SECONDS = 3

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)
// Navigations: the build's page for the path (contract/routes.ts `pageFile`, as the server
// answers): the route's rendered page or its app shell, app.html for a path with no route, each in
// the visitor's language. /api/, the operators' console (its own page, docs/product.md#operators) and paths of
// files (robots.txt, a screenshot) are left out.
// A signed-in route's app shell holds the screen's last frame when there is one (withLastFrame).
registerRoute(
  new NavigationRoute(
    async ({ url }) => {
      const locale = await language()
      const page =
        (await matchPrecache(pageFile(url.pathname, locale))) ?? (await matchPrecache('index.html'))
      if (!page) return Response.error()
      return findRoute(url.pathname)?.access === 'auth' ? withLastFrame(page, locale, url) : page
    },
    { denylist: [/^\/api\//, /^\/ops(\/|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?|$)/] },
  ),
)

/**
 * `shell` (a signed-in route's app shell) with the last frame the app kept for `url` in `locale`
 * (src/app/last-frame-recorder.ts), so a returning user's first paint is the saved copy as the
 * screen last showed it (docs/product.md#budgets); the shell as it is when there is none or it
 * cannot be read. The entry script checks the frame's session before anything runs
 * (src/lib/last-frame.ts).
 */
async function withLastFrame(shell: Response, locale: 'en' | 'hi', url: URL): Promise<Response> {
  try {
    const cache = await caches.open(LAST_FRAMES_CACHE)
    const kept = await cache.match(lastFrameKey(locale, url.pathname + url.search))
    if (!kept) return shell
    const frame = (await kept.json()) as LastFrame
    const html = fillLastFrame(await shell.clone().text(), frame, locale)
    // The shell's headers (its security headers among them), less those of its own body.
    const headers = new Headers(shell.headers)
    headers.delete('content-length')
    headers.delete('content-encoding')
    return new Response(html, { status: shell.status, headers })
  } catch {
    return shell
  }
}

/**
 * `hi` for a Hindi visitor, else `en`: the `lang` cookie the language switch sets (read through
 * the Cookie Store API where the browser has it), else the browser's first language, as the server (server/plugins/static.ts `pageLanguage`) and the app decide.
 */
async function language(): Promise<'en' | 'hi'> {
  const store = (self as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore
  const chosen = await store?.get('lang').catch(() => null)
  const language = chosen?.value ?? self.navigator.languages?.[0] ?? ''
  return /^hi(-|$)/i.test(language) ? 'hi' : 'en'
}

// Network first, so online users always see fresh data; only GET (registerRoute's default
// method), only 200 answers (NetworkFirst's default), keyed per signed-in user.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    OFFLINE_API_PATHS.test(url.pathname),
  new NetworkFirst({
    cacheName: 'api-last-data',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      { cacheKeyWillBeUsed: userScopedCacheKey },
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
)

// The first worker takes over the open page at once (nothing to be inconsistent with); a later
// version waits for SKIP_WAITING from the page's update prompt.
clientsClaim()

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

registerOutboxSync(self)
registerPushHandlers(self)
