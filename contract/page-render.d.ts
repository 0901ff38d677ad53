/**
 * The server-side render of the PWA's public pages (src/entry-server.tsx, built to
 * dist/ssr/entry-server.js), as the server imports it: `#page-render` in package.json's
 * `imports`, whose `types` condition is this file. One render path: the build draws every public
 * page with it and the server draws them again with the rules it serves.
 */
import type { PageConfig, RenderedPage } from './page-html.ts'

/** The paths the render draws: every route the table opens to guests (`public` and `guest`). */
export declare const RENDERED_PATHS: readonly string[]

/**
 * The page at `url` (its path; the query is ignored, as the client's hydration draws it without
 * one) in `locale` with `config`, as the client's first render draws it.
 * @throws when `url` names no rendered route, or the render fails.
 */
export declare function render(
  url: string,
  locale: 'en' | 'hi',
  config: PageConfig,
): Promise<RenderedPage>
