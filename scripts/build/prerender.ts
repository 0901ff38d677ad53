// Runs src/prerender.tsx at build time: a server-side build of it into a temp directory, then
// each prerendered path's markup (react-dom/static). A screen that cannot render on the server
// fails the build with its error: a silently missing static copy would cost that screen its
// JavaScript-free first paint.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { APP_ALIASES } from './aliases.ts'
import { i18nCatalogs } from './i18n-catalogs.ts'

/** A prerendered page: what goes into the document's head, and the app's markup for #root. */
export interface PrerenderedPage {
  /** The image preloads React's server renderer emits ahead of the markup (`<link …/>` tags). */
  head: string
  /** The app's markup, as the client's first render draws it (hydrated, so used unchanged). */
  body: string
}

/** The languages every page is prerendered in (src/i18n/detect.ts `LOCALES`). */
export type PrerenderLocale = 'en' | 'hi'

/**
 * `${locale}:${path}` (e.g. `hi:/loginn`) → page of each route listed in src/prerender.tsx, in
 * each language. React puts the preloads of the images
 * it renders ahead of the markup; they belong in the head, not inside the element React hydrates.
 * @throws the server build's error, or a screen's render error (naming the route): the build fails.
 */
export async function prerenderScreens(root: string): Promise<Map<string, PrerenderedPage>> {
  // Inside the project, so the server build's imports of react-dom etc. resolve from node_modules.
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(cache, 'prerender-'))
  const pages = new Map<string, PrerenderedPage>()
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      resolve: { alias: APP_ALIASES },
      plugins: [react(), i18nCatalogs(root)],
      build: {
        ssr: path.join(root, 'src/prerender.tsx'),
        outDir,
        emptyOutDir: true,
        target: 'node20',
      },
    })
    const entry = fs.readdirSync(outDir).find((f) => /^prerender\.m?js$/.test(f))
    if (!entry) throw new Error('the server build wrote no prerender.js')
    const mod = (await import(pathToFileURL(path.join(outDir, entry)).href)) as {
      PRERENDERED: readonly string[]
      LOCALES: readonly PrerenderLocale[]
      render(path: string, locale: PrerenderLocale): Promise<string>
    }
    for (const locale of mod.LOCALES) {
      for (const route of mod.PRERENDERED) {
        try {
          const markup = await mod.render(route, locale)
          const head = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? ''
          pages.set(`${locale}:${route}`, { head, body: markup.slice(head.length) })
        } catch (error) {
          throw new Error(`prerender of ${route} (${locale}) failed`, { cause: error })
        }
      }
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
  return pages
}
