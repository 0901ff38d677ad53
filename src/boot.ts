/**
 * The page's entry script, kept tiny: it styles the static first paint (the global stylesheet is
 * linked in the head from here) and loads the app (React and the first screen) only after the
 * HTML's own content and images have painted, so the first paint never waits for JavaScript. A
 * failed app chunk after a deploy reloads the page once.
 */
import './styles.css'
import './i18n/devanagari.css'
import { installPreloadErrorRecovery, reloadOnce } from './lib/chunk-reload'
import { captureInstallPrompt } from './lib/install-prompt'
import { applyTheme, readThemeChoice } from './lib/theme'
import { sendEarlyGets } from './lib/early-gets'
import { findRoute } from '@contract/routes'
import { nextTask } from './lib/next-task'
import { getAccessToken } from './lib/session'
import { detectLocale } from './i18n/detect'
import { holdEarlyTaps } from './lib/early-taps'
import { checkLastFrame } from './lib/last-frame'

/** Resolves after the window's load event and the next painted frame (at most `maxMs` later). */
function afterFirstPaint(maxMs = 200): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          window.addEventListener('load', () => resolve(), { once: true }),
        )
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        // rAF runs just before a paint; the timeout after it runs once that frame is on screen.
        requestAnimationFrame(() => setTimeout(resolve, 0))
        setTimeout(resolve, maxMs) // a hidden tab paints no frames
      }),
  )
}

/**
 * Resolves once the browser reports a performance entry of `type` for which `matches` holds
 * (entries already reported count: `buffered`), or after `maxMs` (a hidden tab paints nothing).
 */
function untilReported(
  type: 'paint' | 'largest-contentful-paint',
  matches: (entry: PerformanceEntry) => boolean,
  maxMs: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect()
      resolve()
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(matches)) done()
    })
    observer.observe({ type, buffered: true })
    setTimeout(done, maxMs)
  })
}

/**
 * Resolves once the browser reports the page's largest image (the one it fetches at high
 * priority: the landing's poster) as its largest paint, or after `maxMs`; at once when the page
 * has none. Its paint is reported after the frame is on screen; a frame awaited with rAF may
 * still be on its way, and an image painted after the app's files are asked for waits for them on
 * a slow network (LCP).
 */
function afterHeroPainted(maxMs = 1000): Promise<void> {
  const hero = document.querySelector('img[fetchpriority="high"]')
  if (!hero || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return Promise.resolve()
  }
  return untilReported(
    'largest-contentful-paint',
    (entry) => (entry as LargestContentfulPaint).element === hero,
    maxMs,
  )
}

/** Appends the app's preloads the build left in `<template id="app-preloads">` (once). */
function appendAppPreloads(): void {
  const preloads = document.getElementById('app-preloads')
  if (preloads instanceof HTMLTemplateElement) {
    document.head.append(preloads.content)
    preloads.remove()
  }
}

/**
 * Resolves once the page has loaded and the browser is idle (at most `maxMs` ms later), then
 * appends the app's preloads the build left in `<template id="app-preloads">`, so its files are
 * fetched together. For the pages the server rendered (every route a guest may open): they paint complete
 * from HTML, so the app's code waits until then and never competes with their first paint (LCP).
 */
function afterIdle(maxMs = 2000): Promise<void> {
  return Promise.all([afterFirstPaint(), afterHeroPainted()]).then(
    () =>
      new Promise<void>((resolve) => {
        const start = () => {
          appendAppPreloads()
          resolve()
        }
        if (typeof window.requestIdleCallback === 'function') {
          window.requestIdleCallback(start, { timeout: maxMs })
        } else setTimeout(start, 0)
      }),
  )
}

/**
 * The app's files in the order they are run: React (react, react-dom, the scheduler); the other
 * libraries (router, HTTP client, stores, IndexedDB) with the app's own start (the
 * persisted stores, the rules, the HTTP client); then the app itself (src/main.tsx), which mounts
 * it. The first two are one file each (vite.config.ts groups `react` and `libs`): importing any
 * module of one runs that whole file, so one step per file.
 */
const APP_STEPS: Array<() => Promise<unknown>> = [
  () => import('react'),
  () => import('./stores/user-store'),
  () => import('./main'),
]

/**
 * Loads the app step by step (APP_STEPS), each step compiled and run in a task of its own with the
 * main thread free in between. One import of everything would compile and run the whole app's
 * JavaScript in one long task, blocking a tap for its whole length on a slow phone (Total Blocking
 * Time). The files themselves are already on their way: every page's head preloads them
 * (vite.config.ts).
 */
async function loadApp(): Promise<void> {
  for (const [index, step] of APP_STEPS.entries()) {
    if (index > 0) await nextTask()
    await step()
  }
}

// A theme pinned on the profile, before anything more is drawn (System needs nothing: CSS).
applyTheme(readThemeChoice())
captureInstallPrompt()
installPreloadErrorRecovery()
// The language before anything is drawn: `<html lang>` picks the Devanagari font for Hindi, and
// Hindi's catalog is fetched alongside the app's files (src/main.tsx waits for it).
const locale = detectLocale()
document.documentElement.lang = locale
/** The app's code failed to load: reload once (a deploy replaced its files). */
function failed(error: unknown): void {
  console.error('app failed to load', error)
  reloadOnce()
}

/** Fetches Hindi's catalog and the screen's data, alongside the app's files. */
const fetchAppData = () => {
  if (locale === 'hi') void import('./i18n/locales/hi.json?lingui').catch(() => undefined)
  sendEarlyGets(window.location.pathname, getAccessToken())
}
const root = document.getElementById('root')
// A rendered page (src/entry-server.tsx) paints complete from HTML: the app's code waits until it
// is idle, or until a tap on one of its buttons, which is answered once the app has taken the page
// over (src/lib/early-taps.ts); one whose content is due soon after it opens (the route's
// `appAtOnce`, contract/routes.ts: its page names the app's files in its head) asks for its data
// and starts the app at once. The app shell of a signed-in route asks for the app and the
// screen's data at once: its first frame is the app's, with the visitor's saved copy.
if (root?.hasAttribute('data-rendered')) {
  let tapped: () => void = () => undefined
  const tap = new Promise<void>((resolve) => (tapped = resolve)).then(appendAppPreloads)
  holdEarlyTaps(root, tapped)
  const start = findRoute(window.location.pathname)?.appAtOnce
    ? Promise.resolve(fetchAppData())
    : Promise.race([afterIdle(), tap]).then(fetchAppData)
  void start.then(loadApp).catch(failed)
} else {
  // A returning user's signed-in screen may open on its last frame (the service worker's): its
  // taps are held until the app's screen has replaced it (src/app/route-guard.tsx).
  if (root && checkLastFrame(root, getAccessToken(), locale)) {
    holdEarlyTaps(root, () => undefined)
    // Its app files are preloaded once it is painted (contract/page-html.ts `fillLastFrame`).
    void afterFirstPaint().then(appendAppPreloads)
  } else appendAppPreloads()
  fetchAppData()
  loadApp().catch(failed)
}
