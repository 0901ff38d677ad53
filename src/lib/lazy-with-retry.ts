/**
 * Lazily loaded screens that survive a deploy: when a screen's chunk fails to load (its old name
 * is gone from the server), the page reloads once (src/lib/chunk-reload.ts). Also lets the entry
 * load the first screen's chunk before React renders.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { chunkLoaded, reloadOnce } from './chunk-reload'

/** Each lazy screen's loader, so the entry can fetch the first screen before React renders. */
const loaders = new WeakMap<object, () => Promise<unknown>>()

/**
 * `React.lazy` with the once-only reload: when `load` rejects (the dynamic import failed), the
 * page reloads and the component suspends meanwhile; after one reload the error propagates.
 * The load starts at most once, whether `preloadComponent` or React asks first.
 */
export function lazyWithRetry<C extends ComponentType>(
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> {
  let loading: Promise<{ default: C }> | null = null
  const start = () =>
    (loading ??= load().then(
      (module) => {
        chunkLoaded()
        return module
      },
      (error: unknown) => {
        if (reloadOnce()) return new Promise<never>(() => undefined)
        throw error
      },
    ))
  const component = lazy(start)
  loaders.set(component, start)
  return component
}

/**
 * Starts loading a `lazyWithRetry` screen's chunk; resolves (never rejects) once it has loaded
 * or failed. Rendering a screen whose chunk has loaded shows no Suspense fallback (a concurrent
 * render waits out the already-resolved promise), so the first screen can replace the static
 * first paint of index.html directly. A component not made by `lazyWithRetry` resolves at once.
 */
export async function preloadComponent(component: object): Promise<void> {
  await loaders
    .get(component)?.()
    .catch(() => undefined)
}
