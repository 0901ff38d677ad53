/**
 * The app's start, loaded by src/boot.ts after the first paint: loads the first screen's chunk
 * (and, on a logged-in screen, the user), mounts the app, and in production builds registers the
 * service worker.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { ROUTES } from './app/routes'
import { refreshUser } from './stores/get-user'
import { preloadComponent } from './lib/lazy-with-retry'
import { isLoggedIn } from './lib/session'
import { nextTask } from './lib/next-task'
import { routePath } from '@contract/routes'
import { useUserStore } from './stores/user-store'
import { useRulesStore } from './stores/rules-store'
import { usePlansStore } from './stores/plans-store'
import { useWatchProgressStore } from './stores/watch-progress-store'
import { whenSettled } from './lib/when-idle'
import { releaseEarlyTap } from './lib/early-taps'
import { earlyGetsAnswered } from './lib/early-gets'
import { activateLocale } from './i18n/i18n'
import { detectLocale } from './i18n/detect'

/** The longest the first render waits for the first screen's chunk (ms); then the spinner shows. */
const FIRST_SCREEN_WAIT_MS = 3000

/** The longest the first render waits for the persisted stores to be read (ms). */
const STORES_READ_WAIT_MS = 1000

/** The longest the first render of a Hindi screen waits for the Devanagari web font (ms). */
const FONT_WAIT_MS = 1500

/**
 * The longest the first render over a route's outline waits for the screen's early GETs (ms): the
 * outline is on screen already, so the app draws the screen once, with its data, instead of empty
 * and then again with everything moved (CLS).
 */
const EARLY_GETS_WAIT_MS = 1500

/**
 * Resolves once the Devanagari web font (src/i18n/devanagari.css) is ready, or after
 * `maxMs`; at once for English. Asking for it starts its download (the page has no Devanagari
 * text before the first render). A Hindi screen drawn before its font arrives is drawn again in it
 * when it comes, with other line widths, and everything below it moves (a layout shift: CLS).
 */
function fontsReady(locale: string, maxMs: number): Promise<void> {
  if (locale !== 'hi' || typeof document.fonts?.load !== 'function') return Promise.resolve()
  const face = document.fonts.load('16px "Noto Sans Devanagari"', 'हिन्दी').catch(() => [])
  return Promise.race([
    face.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ])
}

/** A persisted zustand store (its `persist` API). */
interface PersistedStore {
  persist: { hasHydrated(): boolean; onFinishHydration(listener: () => void): () => void }
}

/**
 * Resolves once every persisted store the first screens read (the user, the rules, the plans, the
 * dashboard's watch progress) has been read from IndexedDB, or after `maxMs`. The first render then
 * draws from what was stored: a page with a static first frame (`data-outline`, the dashboard) goes
 * straight from its outline to the screen, and a hydrated page is not drawn again, synchronously,
 * when a store it reads changes under it (React re-renders a store's readers at once, in one long
 * task: TBT).
 */
function storesRead(stores: PersistedStore[], maxMs: number): Promise<void> {
  const pending = stores.filter((store) => !store.persist.hasHydrated())
  if (pending.length === 0) return Promise.resolve()
  const each = pending.map(
    (store) =>
      new Promise<void>((resolve) => {
        const unsubscribe = store.persist.onFinishHydration(() => {
          unsubscribe()
          resolve()
        })
      }),
  )
  return Promise.race([
    Promise.all(each).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ])
}

/**
 * Mounts the app once the first screen's code is here (or after FIRST_SCREEN_WAIT_MS): the static
 * first paint of index.html/app.html stays until then. A page the build prerendered
 * (`data-prerendered`: the landing, login, register) is hydrated: React takes over its DOM nodes as
 * they are, nothing is drawn again, nothing shifts. A visitor with a token is about to be
 * redirected away from those pages, so the app renders afresh for them, as for a page drawn in the
 * other language (hydration needs the markup to be what the first render draws). Other pages hold a
 * loading indicator or a static first frame (`data-outline`), which the first render replaces.
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
  await Promise.all([
    Promise.race([
      first ? preloadComponent(first.component) : Promise.resolve(),
      new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
    ]),
    storesRead(
      [useUserStore, useRulesStore, usePlansStore, useWatchProgressStore],
      STORES_READ_WAIT_MS,
    ),
    // A prerendered page's text is on screen already: its app does not wait for the font.
    container.hasAttribute('data-prerendered') ? null : fontsReady(locale, FONT_WAIT_MS),
    container.hasAttribute('data-outline') ? earlyGetsAnswered(EARLY_GETS_WAIT_MS) : null,
  ])
  await language
  // A task of its own for the first render, apart from the modules' compiling and running.
  await nextTask()
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // As a transition, React renders (or hydrates) the first screen in slices of a few milliseconds,
  // yielding to the browser in between, instead of in one long task that a tap would wait behind on
  // a slow phone (TBT).
  // Hydrated only when the page was drawn in the active language (the server and the service
  // worker pick the Hindi page by the `lang` cookie or the browser's language; a page in the
  // other language is drawn afresh rather than mismatched).
  const sameLanguage = container.getAttribute('data-lang') === locale
  if (container.hasAttribute('data-prerendered') && sameLanguage && !isLoggedIn()) {
    startTransition(() => void hydrateRoot(container, app))
    // React listens now: a tap held since before it came is answered (src/lib/early-taps.ts).
    releaseEarlyTap()
  } else {
    // A page drawn anew: a held tap is answered once the screen is drawn (src/app/route-guard.tsx).
    const root = createRoot(container)
    startTransition(() => root.render(app))
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
