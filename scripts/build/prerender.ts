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

/** What the server build of src/prerender.tsx exports. */
interface PrerenderModule {
  PRERENDERED: readonly string[]
  LOCALES: readonly PrerenderLocale[]
  render(path: string, locale: PrerenderLocale): Promise<string>
  OUTLINE_ROUTES: readonly string[]
  renderOutline(path: string, posterSrc?: string, locale?: PrerenderLocale): Promise<string>
}

/** A file of the server build of src/prerender.tsx: its name in the build and its contents. */
export interface ServerBuildFile {
  fileName: string
  source: Uint8Array
}

/** The server build of src/prerender.tsx, once per project root and process (every use shares it). */
const modules = new Map<string, Promise<{ module: PrerenderModule; outDir: string }>>()

/**
 * Builds src/prerender.tsx for Node into a temp directory (once per process: the screens and the
 * outlines come from the same build) and imports it. The directory stays until the process exits:
 * the screens' chunks are imported while they render.
 * @throws the server build's error.
 */
async function prerenderModule(root: string): Promise<PrerenderModule> {
  return (await prerenderBuild(root)).module
}

function prerenderBuild(root: string): Promise<{ module: PrerenderModule; outDir: string }> {
  let loaded = modules.get(root)
  if (!loaded) {
    loaded = buildPrerenderModule(root)
    modules.set(root, loaded)
  }
  return loaded
}

/**
 * The files of the server build of src/prerender.tsx (its entry `prerender.js` and chunks), which
 * the PWA's build ships under `ssr/` for the server's per-request render of /deposit-fee
 * (server/plugins/static.ts; never served to browsers, never precached).
 */
export async function prerenderServerFiles(root: string): Promise<ServerBuildFile[]> {
  const { outDir } = await prerenderBuild(root)
  return fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name)
      return { fileName: path.relative(outDir, file), source: fs.readFileSync(file) }
    })
}

/** Drops the cached server build of `root`, so the next use builds it from the source again. */
export function forgetPrerenderModule(root: string): void {
  modules.delete(root)
}

async function buildPrerenderModule(
  root: string,
): Promise<{ module: PrerenderModule; outDir: string }> {
  // Inside the project, so the server build's imports of react-dom etc. resolve from node_modules.
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(cache, 'prerender-'))
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }))
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: APP_ALIASES },
    plugins: [react(), i18nCatalogs(root)],
    // Self-contained (React and the libraries inside): the server imports it from wherever the
    // build was written (server/earning/deposit-fee-page.ts), next to no node_modules perhaps.
    ssr: { noExternal: true },
    build: {
      ssr: path.join(root, 'src/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      // The page's files (public/) belong to the PWA's build, not to this one.
      copyPublicDir: false,
      target: 'node20',
    },
  })
  const entry = fs.readdirSync(outDir).find((f) => /^prerender\.m?js$/.test(f))
  if (!entry) throw new Error('the server build wrote no prerender.js')
  const module = (await import(pathToFileURL(path.join(outDir, entry)).href)) as PrerenderModule
  return { module, outDir }
}

/** Splits React's leading `<link …/>` preloads (which belong in the head) from the markup. */
function toPage(markup: string): PrerenderedPage {
  const head = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? ''
  return { head, body: markup.slice(head.length) }
}

/**
 * `${locale}:${path}` (e.g. `hi:/loginn`) → page of each `prerendered` route of the route table, in
 * each language. React puts the preloads of the images it renders ahead of the markup; they
 * belong in the head, not inside the element React hydrates.
 * @throws the server build's error, or a screen's render error (naming the route): the build fails.
 */
export async function prerenderScreens(root: string): Promise<Map<string, PrerenderedPage>> {
  const mod = await prerenderModule(root)
  const pages = new Map<string, PrerenderedPage>()
  for (const locale of mod.LOCALES) {
    for (const route of mod.PRERENDERED) {
      try {
        pages.set(`${locale}:${route}`, toPage(await mod.render(route, locale)))
      } catch (error) {
        throw new Error(`prerender of ${route} (${locale}) failed`, { cause: error })
      }
    }
  }
  return pages
}

/**
 * `${locale}:${path}` (e.g. `hi:/deposit-fee`) → outline of each `outline` route of the route table
 * (src/prerender.tsx `OUTLINE_ROUTES`): data-free markup the app renders over, in each language;
 * `posterSrc` is the player's still as the page carries it.
 * @throws the server build's error, or an outline's render error (naming the route).
 */
export async function prerenderOutlines(
  root: string,
  posterSrc?: string,
): Promise<Map<string, PrerenderedPage>> {
  const mod = await prerenderModule(root)
  const outlines = new Map<string, PrerenderedPage>()
  for (const locale of mod.LOCALES) {
    for (const route of mod.OUTLINE_ROUTES) {
      try {
        outlines.set(
          `${locale}:${route}`,
          toPage(await mod.renderOutline(route, posterSrc, locale)),
        )
      } catch (error) {
        throw new Error(`outline of ${route} (${locale}) failed`, { cause: error })
      }
    }
  }
  return outlines
}
