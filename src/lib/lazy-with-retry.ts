/**
 * Lazily loaded screens that survive a deploy: when a screen's chunk fails to load (its old name
 * is gone from the server), the page reloads once (src/lib/chunk-reload.ts). Also lets the entry
 * load the first screen's chunk before the app renders.
 */
import { createElement, type ComponentType } from 'react'
import { chunkLoaded, reloadOnce } from './chunk-reload'

/** Each lazy screen's loader, so the entry can fetch the first screen before the app renders. */
const loaders = new WeakMap<object, () => Promise<unknown>>()

/**
 * A lazily loaded screen (like `React.lazy`, for components without props) with the once-only reload: when `load` rejects
 * (the dynamic import failed), the page reloads and the component suspends meanwhile; after one
 * reload the error propagates to the nearest error boundary. The load starts at most once,
 * whether `preloadComponent` or a render asks first; once loaded, the screen renders in the same
 * pass (no Suspense fallback), so a preloaded first screen replaces the static first paint of
 * index.html directly.
 */
export function lazyWithRetry(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let loaded: ComponentType | null = null
  let failure: { error: unknown } | null = null
  let loading: Promise<unknown> | null = null
  const start = () =>
    (loading ??= load().then(
      (module: { default: ComponentType } | undefined) => {
        // Vite's preload-error handling (installPreloadErrorRecovery) resolves a failed import
        // with nothing once it has started the reload: stay suspended until the page goes.
        if (!module) return new Promise<never>(() => undefined)
        chunkLoaded()
        loaded = module.default
      },
      (error: unknown) => {
        if (reloadOnce()) return new Promise<never>(() => undefined)
        failure = { error }
      },
    ))
  function LazyScreen() {
    if (loaded) return createElement(loaded)
    if (failure) throw failure.error
    // Suspends: the nearest Suspense boundary shows its fallback until the chunk is here.
    throw start()
  }
  loaders.set(LazyScreen, start)
  return LazyScreen
}

/**
 * Starts loading a `lazyWithRetry` screen's chunk; resolves (never rejects) once it has loaded
 * or failed. A component not made by `lazyWithRetry` resolves at once.
 */
export async function preloadComponent(component: object): Promise<void> {
  await loaders
    .get(component)?.()
    .catch(() => undefined)
}
