/**
 * Build step: the pages the server and the service worker answer a navigation with
 * (contract/routes.ts `pageFile`), in English and, under hi/, in Hindi:
 * - every route a guest may open, drawn by the one server-side render (src/entry-server.tsx
 *   `render`, built here for Node and shipped under ssr/ for the server's per-request render):
 *   index.html for the landing, `pages/<route>.html` for the others; the app hydrates them;
 * - `shell/<route>.html` for every signed-in route: the app shell (a loading indicator shown only
 *   after a second) with the route's stylesheets and code named, from which the app draws the
 *   visitor's saved copy in its first frame (src/main.tsx);
 * - app.html, the bare app shell, for a path with no route;
 * and route-chunks.json (each route's own files). A render that throws fails the build.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'vite'
import type { OutputBundle } from 'rolldown'
import react from '@vitejs/plugin-react'
import { APP_ALIASES } from './aliases.ts'
import { i18nCatalogs, readCatalog } from './i18n-catalogs.ts'
import { routeChunks } from './route-chunks.ts'
import { PAGE_TEXTS } from '../../src/i18n/page-texts.ts'
import { TAB_PATHS } from '../../src/components/tab-paths.ts'
import { ROUTES, pageFile } from '../../contract/routes.ts'
import { DEFAULT_RULES } from '../../contract/rules.ts'
import { fillPage, type PageConfig } from '../../contract/page-html.ts'
import type * as PageRender from '../../contract/page-render.d.ts'

/** The config the build's pages are drawn with; the server draws them again with its own. */
const BUILD_CONFIG: PageConfig = { rules: DEFAULT_RULES, paymentProvider: 'manual-upi' }

/**
 * The loading indicator (the markup of src/components/page-spinner.tsx, as the page's one `<main>`
 * with its label as the one `h1`), shown only when the app has not drawn the screen within a
 * second (`.page-spinner-delayed`): a returning visitor goes from a blank page straight to the
 * saved copy, with no spinner flashing first.
 */
const SPINNER_SHELL =
  '<main><div class="page-spinner page-spinner-delayed" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span><h1 class="page-spinner-heading">Loading…</h1></div></main>'

/** `text` safe inside an HTML element or a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * Builds src/entry-server.tsx for Node (self-contained: React and the libraries inside, so the
 * server imports it from dist/ssr/ with no bundler) into a temp directory, imports it, and returns
 * it with its files for ssr/.
 * @throws the server build's error.
 */
async function serverRender(
  root: string,
): Promise<{ module: typeof PageRender; files: Array<{ fileName: string; source: Uint8Array }> }> {
  const cache = path.join(root, 'node_modules', '.cache')
  fs.mkdirSync(cache, { recursive: true })
  const outDir = fs.mkdtempSync(path.join(cache, 'entry-server-'))
  process.once('exit', () => fs.rmSync(outDir, { recursive: true, force: true }))
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    resolve: { alias: APP_ALIASES },
    plugins: [react(), i18nCatalogs(root)],
    ssr: { noExternal: true },
    build: {
      ssr: path.join(root, 'src/entry-server.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: '[name].js' } },
    },
  })
  const module = (await import(
    pathToFileURL(path.join(outDir, 'entry-server.js')).href
  )) as typeof PageRender
  const files = fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name)
      return { fileName: path.relative(outDir, file), source: fs.readFileSync(file) }
    })
  return { module, files }
}

/** The Vite plugin. */
export function pages(projectRoot: string): Plugin {
  return {
    name: 'pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (!index || index.type !== 'asset') return
      // The app's code: fetched alongside the boot script at low priority, as module preloads,
      // so Chromium compiles each file off the main thread as it arrives, not when src/boot.ts
      // runs it (one file per task). A rendered page keeps them in a template until it is idle.
      const files = new Set<string>()
      const add = (fileName: string): void => {
        const chunk = bundle[fileName]
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName) || chunk.isEntry) return
        files.add(fileName)
        chunk.imports.forEach(add)
      }
      const main = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/main.tsx'),
      )
      if (main) add(main.fileName)
      const preloads = [...files].map(
        (f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`,
      )
      const source = String(index.source)
      const shell = /<div id="root">\s*<!-- page[\s\S]*<!-- \/page -->\s*<\/div>/
      if (!shell.test(source)) this.error('index.html lacks the page markers in #root')
      // One line, as contract/page-html.ts `fillPage` finds it.
      const template = source.replace(shell, '<div id="root"></div>')
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)
      const known = new Set([...files, ...(entry ? [entry.fileName] : [])])
      const routes = routeChunks(bundle, known, ['/', '/home'])
      this.emitFile({
        type: 'asset',
        fileName: 'route-chunks.json',
        source: JSON.stringify(routes),
      })
      const render = await serverRender(projectRoot)
      for (const file of render.files) {
        this.emitFile({ type: 'asset', fileName: `ssr/${file.fileName}`, source: file.source })
      }
      const fontPreloads = devanagariFontPreloads(bundle)
      if (fontPreloads.length !== 1) this.error('the Devanagari font file is not in the build')
      const hindi = readCatalog(path.resolve(projectRoot, 'src/i18n/locales/hi.json'))
      const catalog = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/i18n/locales/hi.json?lingui'),
      )
      if (!catalog) this.error('the Hindi catalog is not a chunk of the build')
      // A Hindi app shell's first render waits for the catalog (src/main.tsx): named in its head,
      // right after the app's files, at their low priority, it is fetched next to them, not once
      // the entry script has run (its import) behind the screen's GETs; a high priority would hold
      // back React, which the first render needs first, on HTTP/1.1's six connections (LCP).
      const hindiCatalog = `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${catalog.fileName}">`
      // The tab bar's code (its chunk and the chunks it imports), which the app loads before the
      // first render of a tab's screen (src/app/app.tsx `preloadAppChrome`): named in those
      // screens' Hindi app shells, at the app files' low priority, so it is not asked for only
      // once src/main.tsx has run (LCP). An English shell keeps its screen's code at high
      // priority and names no tab bar: it meets its LCP budget so, and was no faster this way.
      const tabBar = Object.values(bundle).find(
        (c) =>
          c.type === 'chunk' &&
          c.moduleIds.some((id) => id.endsWith('/src/components/tab-bar.tsx')),
      )
      if (!tabBar || tabBar.type !== 'chunk') this.error('the tab bar is not a chunk of the build')
      const tabBarFiles = new Set<string>()
      const addTabBar = (fileName: string): void => {
        const chunk = bundle[fileName]
        if (!chunk || chunk.type !== 'chunk' || known.has(fileName) || tabBarFiles.has(fileName))
          return
        tabBarFiles.add(fileName)
        chunk.imports.forEach(addTabBar)
      }
      addTabBar(tabBar.fileName)
      for (const locale of ['en', 'hi'] as const) {
        const text = (english: string) => (locale === 'en' ? english : (hindi[english] ?? english))
        const localized =
          locale === 'en'
            ? template
            : template
                .replace('<html lang="en">', `<html lang="${locale}">`)
                .replace(
                  /<title>[^<]*<\/title>/,
                  `<title>${escapeHtml(text(PAGE_TEXTS.title))}</title>`,
                )
                .replace(
                  /<meta name="description" content="[^"]*"/,
                  `<meta name="description" content="${escapeHtml(text(PAGE_TEXTS.description))}"`,
                )
        const withHead = (links: string[]) =>
          localized.replace('</head>', `  ${links.filter(Boolean).join('\n    ')}\n  </head>`)
        const spinner = SPINNER_SHELL.replace('Loading…', escapeHtml(text(PAGE_TEXTS.loading)))
        // A Hindi app shell's first render also waits for the Devanagari font (src/main.tsx):
        // named in its head too, it downloads beside the app's files instead of after them, and
        // a returning visitor's last frame (from the service worker) is painted in it.
        const appShell = (links: string[]) =>
          withHead([
            ...preloads,
            ...(locale === 'hi' ? [hindiCatalog, ...fontPreloads] : []),
            ...links,
          ]).replace(
            '<div id="root"></div>',
            `<div id="root" data-lang="${locale}">${spinner}</div>`,
          )
        const emit = (fileName: string, html: string) => {
          if (fileName === 'index.html') index.source = html
          else this.emitFile({ type: 'asset', fileName, source: html })
        }
        emit(pageFile('/no-route', locale), appShell([]))
        const emitted = new Set<string>()
        for (const route of ROUTES) {
          const file = pageFile(route.path, locale)
          if (emitted.has(file)) continue
          emitted.add(file)
          const own = routes[route.path] ?? []
          const css = own
            .filter((f) => f.endsWith('.css'))
            .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
          /** The route's own code as module preloads, with `attributes` (a fetch priority). */
          const code = (attributes = '') =>
            own
              .filter((f) => f.endsWith('.js'))
              .map((f) => `<link rel="modulepreload" crossorigin${attributes} href="/${f}">`)
          // The images the screen draws in its first render, asked for with its code.
          const images = (route.images ?? []).map(
            (src) => `<link rel="preload" as="image" href="${escapeHtml(src)}">`,
          )
          if (route.access === 'auth' && locale === 'en') {
            emit(file, appShell([...css, ...images, ...code()]))
            continue
          }
          if (route.access === 'auth') {
            // Hindi: React first, then the catalog, the screen's code and the tab bar's, all at
            // the app files' low priority, in the order the first render needs them (above).
            const chrome = (TAB_PATHS as readonly string[]).includes(route.path)
              ? [...tabBarFiles]
                  .filter((f) => !own.includes(f))
                  .map(
                    (f) =>
                      `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`,
                  )
              : []
            emit(file, appShell([...css, ...images, ...code(' fetchpriority="low"'), ...chrome]))
            continue
          }
          let page
          try {
            page = await render.module.render(route.path, locale, BUILD_CONFIG)
          } catch (error) {
            this.error(new Error(`the page of ${route.path} (${locale}) failed`, { cause: error }))
          }
          // A rendered page paints complete without JavaScript, so it fetches the app only once
          // it is idle (src/boot.ts appends these links then): nothing competes with its first
          // paint for a slow network (LCP). One whose content is due soon after it opens
          // (`appAtOnce`) fetches the app and then its screen's code with the entry script, all
          // at low priority: the files in the order the app runs them, so on HTTP/1.1 (six at a
          // time) the one left waiting for a connection is the screen's, needed last. A Hindi
          // page asks for the Devanagari font with its stylesheet, so its text is not drawn twice
          // (CLS).
          const head = [
            ...css,
            ...(locale === 'hi' ? fontPreloads : []),
            page.head,
            ...(route.appAtOnce
              ? [...preloads, ...code(' fetchpriority="low"')]
              : [`<template id="app-preloads">${preloads.join('')}</template>`]),
          ]
          emit(file, fillPage(withHead(head), page, locale, BUILD_CONFIG))
        }
      }
    },
  }
}

/**
 * The `<link rel="preload">` tag of the Devanagari web font in `bundle` (at low priority), for a
 * Hindi page that paints its text from HTML: asked for with the stylesheet, not once the first
 * layout finds Devanagari text.
 */
export function devanagariFontPreloads(bundle: OutputBundle): string[] {
  return Object.values(bundle)
    .filter((file) => /noto-sans-devanagari-devanagari-400-normal.*\.woff2$/.test(file.fileName))
    .map(
      (file) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin fetchpriority="low" href="/${file.fileName}">`,
    )
}
