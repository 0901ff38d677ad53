/**
 * The page's entry script, kept tiny: it styles the static first paint (the global stylesheet is
 * linked in the head from here) and loads the app (React and the first screen) only after the
 * HTML's own content and images have painted, so the first paint never waits for JavaScript
 * (issue 5). A failed app chunk after a deploy reloads the page once.
 */
import './styles.css'
import { installPreloadErrorRecovery, reloadOnce } from './lib/chunk-reload'
import { routePath } from './lib/route-path'
import { sendEarlyGets } from './lib/early-gets'
import { getAccessToken } from './lib/session'

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
 * Starts fetching (at low priority, without running anything) the files of the screen being
 * opened, listed per route by the build in app.html's `route-chunks` data block, so the screen's
 * code arrives with the app's instead of after it.
 */
function prefetchRouteChunks(): void {
  const data = document.getElementById('route-chunks')?.textContent
  if (!data) return
  const path = routePath(window.location.pathname)
  const files = (JSON.parse(data) as Record<string, string[] | undefined>)[path] ?? []
  for (const file of files) {
    const link = document.createElement('link')
    link.rel = 'preload'
    link.as = file.endsWith('.css') ? 'style' : 'script'
    link.crossOrigin = ''
    link.fetchPriority = 'low'
    link.href = `/${file}`
    document.head.append(link)
  }
}

/** Resolves in a new task (after the browser has had a chance to paint and handle input). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Loads the app a few modules at a time, each group compiled and run in a task of its own, with
 * the main thread free in between: the UI library, then the HTTP client and the persisted user,
 * then the app itself (src/main.tsx), which mounts it. One import of everything would compile
 * and run about 100 KB of JavaScript in one long task, blocking a tap for its whole length on a
 * slow phone (Total Blocking Time, issue 5). Each import only runs what earlier ones have not.
 */
async function loadApp(): Promise<void> {
  await import('react')
  await nextTask()
  await import('./lib/api-client')
  await nextTask()
  await import('./stores/user-store')
  await nextTask()
  await import('./main')
}

installPreloadErrorRecovery()
prefetchRouteChunks()
sendEarlyGets(window.location.pathname, getAccessToken())
void afterFirstPaint()
  .then(loadApp)
  .catch((error: unknown) => {
    console.error('app failed to load', error)
    reloadOnce()
  })
