/**
 * The app's start, loaded by src/boot.ts: reads the visitor's saved copies and loads the first
 * screen's chunk, then mounts the app, one way for every page: a page the server rendered
 * (`data-rendered`, src/entry-server.tsx: every route a guest may open) is hydrated, with the
 * rules it was rendered with (its `page-config`); the app shell of a signed-in route is rendered
 * into, and its first frame is the saved copy. In production builds it then registers the
 * service worker.
 */
import { StrictMode, startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, preloadAppChrome } from './app/app'
import { ROUTES } from './app/routes'
import { refreshUser } from './stores/get-user'
import { preloadComponent } from './lib/lazy-with-retry'
import { isLoggedIn } from './lib/session'
import { nextTask } from './lib/next-task'
import { routePath } from '@contract/routes'
import { savedCopiesRead } from './lib/saved-copies'
import { PageConfigContext, readPageConfig } from './lib/page-config'
import { whenSettled } from './lib/when-idle'
import { releaseEarlyTap } from './lib/early-taps'
import { activateLocale } from './i18n/i18n'
import { detectLocale } from './i18n/detect'
import { loadDevanagariForApp } from './i18n/devanagari-font'
// The stores every screen reads, so they are being read from IndexedDB from here on.
import './stores/user-store'
import './stores/rules-store'
import './stores/plans-store'
import './stores/watch-progress-store'

/** The longest the first render waits for the first screen's chunk (ms); then the spinner shows. */
const FIRST_SCREEN_WAIT_MS = 3000

/**
 * The longest the first render waits for the saved copies in IndexedDB (ms) once the screen's
 * code is here: a slow IndexedDB never holds the screen back for longer; it then draws its
 * placeholders and the saved copy right after.
 */
const SAVED_COPIES_WAIT_MS = 300

/** The longest the first render of a Hindi screen waits for the Devanagari web font (ms). */
const FONT_WAIT_MS = 1500

/**
 * Resolves once the Devanagari web font is ready for the app (./i18n/devanagari-font.ts), or after
 * `maxMs`; at once for English. Asking for it starts its download (the app shell has no
 * Devanagari text before the first render). A Hindi screen drawn before its font arrives is drawn
 * again in it when it comes, with other line widths, and everything below it moves (CLS).
 */
function fontsReady(locale: string, maxMs: number): Promise<void> {
  if (locale !== 'hi') return Promise.resolve()
  return Promise.race([
    loadDevanagariForApp(),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ])
}

/**
 * On a rendered page, the app's face of the Devanagari font comes with the first route change:
 * the page's own first paint keeps the stylesheet's face (or the phone's font), so nothing on it
 * moves; the screens the app draws next are in the web font.
 */
function fontAtFirstRouteChange(): void {
  const add = () => {
    for (const type of ROUTE_CHANGES) window.removeEventListener(type, add)
    void loadDevanagariForApp()
  }
  for (const type of ROUTE_CHANGES) window.addEventListener(type, add)
}

/** The events of a route change: wouter's `history.pushState`/`replaceState`, Back and Forward. */
const ROUTE_CHANGES = ['pushState', 'replaceState', 'popstate'] as const

/**
 * Mounts the app once the first screen's code is here (or after FIRST_SCREEN_WAIT_MS) and the
 * saved copies it reads are (or after SAVED_COPIES_WAIT_MS more). A rendered page in the active
 * language is hydrated: React takes over its DOM nodes as they are, nothing is drawn again,
 * nothing shifts; what depends on the visitor (a token, the stored rules) follows in the next
 * render (src/lib/use-logged-in.ts, src/stores/rules-store.ts). A page in the other language (the
 * visitor switched since) and the app shell are rendered into.
 */
async function mount(): Promise<void> {
  const path = routePath(window.location.pathname)
  const first = ROUTES.find((route) => route.path === path)
  // Hindi's catalog (already on its way since src/boot.ts) arrives with the screen's code.
  const locale = detectLocale()
  const language = activateLocale(locale).catch(() => activateLocale('en'))
  // Every logged-in screen shows the user: fetch it alongside the screen's code, not after.
  if (first?.access === 'auth' && isLoggedIn() && navigator.onLine) {
    refreshUser().catch(() => undefined)
  }
  const container = document.getElementById('root')!
  const rendered =
    container.hasAttribute('data-rendered') && container.getAttribute('data-lang') === locale
  if (rendered) fontAtFirstRouteChange()
  await Promise.all([
    Promise.race([
      Promise.all([
        first ? preloadComponent(first.component) : null,
        preloadAppChrome(window.location.pathname),
      ]),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ])
      // The screen's own stores (the wallet's) register as its chunk loads: read them all.
      .then(() => savedCopiesRead(SAVED_COPIES_WAIT_MS)),
    // A rendered page's text is on screen already: its app does not wait for the font.
    rendered ? null : fontsReady(locale, FONT_WAIT_MS),
  ])
  await language
  // A task of its own for the first render, apart from the modules' compiling and running.
  await nextTask()
  const app = (
    <StrictMode>
      <PageConfigContext.Provider value={rendered ? readPageConfig() : null}>
        <App />
      </PageConfigContext.Provider>
    </StrictMode>
  )
  // As a transition, React hydrates a rendered page in slices of a few milliseconds, yielding to
  // the browser in between, instead of in one long task that a tap would wait behind on a slow
  // phone (TBT): its content is on screen already.
  if (rendered) {
    startTransition(() => void hydrateRoot(container, app))
    // React listens now: a tap held since before it came is answered (src/lib/early-taps.ts).
    releaseEarlyTap()
  } else {
    // A page drawn anew (the app shell of a signed-in screen): its first frame is the saved copy,
    // drawn in one pass. Sliced as a transition, the fresh answers of the screen's early GETs,
    // arriving between the slices, would restart the render and hold the saved copy back (LCP).
    // A held tap is answered once the screen is drawn (src/app/route-guard.tsx).
    const root = createRoot(container)
    flushSync(() => root.render(app))
    // The screen's last frame (src/lib/last-frame.ts), if it showed, is replaced now.
    container.removeAttribute('data-last-frame')
  }
}

void mount()

if (import.meta.env.PROD) {
  // Once the first screen is up and the page is idle, so the worker's registration and precaching
  // never compete with the first screen's requests.
  const register = () =>
    void whenSettled(
      () => void import('./lib/sw-bridge').then((bridge) => bridge.registerServiceWorker()),
      1000,
      3000,
    )
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
