/**
 * The app's start, loaded by src/boot.ts after the first paint: loads the first screen's chunk,
 * mounts the app, and in production builds registers the service worker.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { ROUTES } from './app/routes'
import { preloadComponent } from './lib/lazy-with-retry'
import { registerServiceWorker } from './lib/sw-bridge'

/** The longest the first render waits for the first screen's chunk (ms); then the spinner shows. */
const FIRST_SCREEN_WAIT_MS = 3000

/**
 * Mounts the app once the first screen's code is here (or after FIRST_SCREEN_WAIT_MS): the static
 * first paint of index.html/app.html stays until then, so React replaces it with that screen,
 * not with a loading spinner (no flash, no layout shift). The render is a transition, so React
 * mounts in small slices and never blocks the main thread for long.
 */
async function mount(): Promise<void> {
  const path = window.location.pathname.replace(/(.)\/$/, '$1')
  const first = ROUTES.find((route) => route.path === path)
  await Promise.race([
    first ? preloadComponent(first.component) : Promise.resolve(),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ])
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}

void mount()

if (import.meta.env.PROD) {
  // After load, so registering and precaching never compete with the first screen's requests.
  if (document.readyState === 'complete') void registerServiceWorker()
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true })
}
