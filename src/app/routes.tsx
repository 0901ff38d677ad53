/**
 * The router's view of the route table (contract/routes.ts, docs/product.md#screens): each route with its lazily
 * loaded screen, found by the module name the table gives. `auth` routes send a visitor without a
 * token to /loginn; `guest` routes send a visitor with a token to /dashboard; `public` routes are
 * open.
 */
import type { ComponentType } from 'react'
import { lazyWithRetry } from '@/lib/lazy-with-retry'
import { ROUTES as TABLE, type Access, type RouteDef } from '@contract/routes'

export type { Access }

export interface RouteEntry extends RouteDef {
  component: ComponentType
}

type ScreenModule = { default: ComponentType }

/** Every screen module's loader, keyed as the table names them ('dashboard/routes/dashboard'). */
const loaders = import.meta.glob<ScreenModule>([
  '../features/*/routes/*.tsx',
  '!**/*.test.tsx',
  '!**/*.test-helpers.tsx',
])

/** One lazily loaded screen per module (two paths of one screen share it), reloading once on a failed chunk. */
const screens = new Map<string, ComponentType>()

/**
 * The lazily loaded screen of `module` (as the table names it).
 * @throws when no such module exists under src/features/ (a typo in the table fails at start).
 */
function screen(module: string): ComponentType {
  let component = screens.get(module)
  if (!component) {
    const load = loaders[`../features/${module}.tsx`]
    if (!load) throw new Error(`route table: no screen module src/features/${module}.tsx`)
    component = lazyWithRetry(load)
    screens.set(module, component)
  }
  return component
}

export const ROUTES: RouteEntry[] = TABLE.map((route) => ({
  ...route,
  component: screen(route.screen),
}))

export const NotFound = screen('not-found/routes/not-found')
