/// <reference types="vitest/config" />
// Build of the PWA (React 19 and react-dom, the injectManifest service worker from sw/) and the test projects:
// unit/component tests in jsdom, API tests against real databases, end-to-end tests in Chromium.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { prerenderScreens } from './scripts/build/prerender.ts'
import { routeChunks } from './scripts/build/route-chunks.ts'
import { routeShells } from './scripts/build/route-shells.ts'
import { i18nCatalogs, readCatalog } from './scripts/build/i18n-catalogs.ts'
import { PAGE_TEXTS } from './src/i18n/page-texts.ts'
import { APP_ALIASES } from './scripts/build/aliases.ts'
import { SCREEN_IMAGES } from './src/shared/screen-images.ts'

/** React: react, react-dom, the JSX runtime and react-dom's scheduler (build.rolldownOptions groups). */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/
/**
 * The other libraries every page loads at start: router, toaster, HTTP client, stores, IndexedDB,
 * and the Lucide icons the tab bar, install button and refresh control draw (issue 16).
 */
const START_LIBRARIES =
  /node_modules[\\/](wouter|regexparam|react-hot-toast|goober|ky|zustand|use-sync-external-store|idb-keyval|@lingui[\\/]core|lucide-react)[\\/]/
/** The app's own modules every page loads at start, beside src/boot.ts's own. */
const START_MODULES =
  /src[\\/](i18n[\\/](i18n|react|format|msg)|stores[\\/](user-store|rules-store|plans-store|versioned|get-user)|shared[\\/](rules|payout-time|msg)|lib[\\/](api-client|idb-storage|server-clock|go-back|log-failure|withdrawal-status)|components[\\/](app-header|popup|page-spinner|withdrawal-conditions|install-button|refresh-control|skeleton|tab-bar))\./
/** The English messages with placeholders (scripts/build/i18n-catalogs.ts), beside the i18n runtime. */
const I18N_ENGLISH = /virtual:i18n\/en/
/** The modules the membership screens (deposit, platform fee, payment) share. */
const MEMBERSHIP_SHARED =
  /src[\\/]features[\\/]membership[\\/](api[\\/]|lib[\\/]upi-cache\.|components[\\/]withdrawal-terms\.)/

/** Emits the hand-written ./manifest.webmanifest into the build, and serves it in dev. */
function webManifest(): Plugin {
  const file = path.resolve(import.meta.dirname, 'manifest.webmanifest')
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(fs.readFileSync(file))
      })
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: fs.readFileSync(file) })
    },
  }
}

/**
 * The loading indicator (the markup of src/components/page-spinner.tsx) for non-landing routes,
 * shown only when the app has not drawn the screen within a second (`.page-spinner-delayed`): a
 * fast start goes from a blank page straight to the screen, with no spinner flashing first.
 */
const SPINNER_SHELL =
  '<div class="page-spinner page-spinner-delayed" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span><span>Loading…</span></div>'

/** `text` safe inside an HTML element or a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * Fills index.html's `landing-shell` with the landing as React renders it at build time
 * (src/prerender.tsx); emits `app.html`: index.html with a loading indicator there instead; and
 * `prerendered/<route>.html` for the other screens of src/prerender.tsx, with the screen's markup
 * in place of the indicator. The landing (`/`, `/home`) gets index.html; every other route gets
 * app.html (from the server's fallback and the service worker), so a deep link such as
 * /dashboard never flashes the landing before React mounts.
 */
function appShellPage(): Plugin {
  return {
    name: 'app-shell-page',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (!index || index.type !== 'asset') return
      // The app's code: fetched alongside the boot script at low priority, as module preloads,
      // so Chromium compiles each file off the main thread as it arrives, not when src/boot.ts
      // runs it (one file per task). Links parsed from HTML cost the main thread nothing, unlike
      // links the script would add. A prerendered page keeps them in a template until it is
      // idle (below).
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
      const preloads = [...files].map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`)
      const html = String(index.source).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`)
      // A prerendered page paints complete without JavaScript, so it fetches the app only once it
      // is idle (src/boot.ts appends these links then): nothing competes with its first paint's
      // images and text for a slow network (LCP, issue 12).
      const deferred = String(index.source).replace(
        '</head>',
        `  <template id="app-preloads">${preloads.join('')}</template>\n  </head>`,
      )
      // The root element with its landing-shell comments; hydration wants it filled with exactly
      // the rendered markup, no whitespace around it.
      const shell = /<div id="root">\s*<!-- landing-shell[\s\S]*<!-- \/landing-shell -->\s*<\/div>/
      if (!shell.test(html)) this.error('index.html lacks the landing-shell markers')
      const root = (attributes: string, content: string) => `<div id="root"${attributes}>${content}</div>`
      // Each route's own files, which the server names in a `Link: rel=preload` header of the
      // route's page (server/plugins/static.ts), so the screen's code arrives with the app's.
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)
      const known = new Set([...files, ...(entry ? [entry.fileName] : [])])
      const routes = routeChunks(bundle, path.resolve(import.meta.dirname, 'src/app/routes.tsx'), known, ['/', '/home'])
      // And the images a screen draws in its first render (the dashboard player's still).
      for (const [route, images] of Object.entries(SCREEN_IMAGES)) {
        routes[route] = [...(routes[route] ?? []), ...images.map((image) => image.slice(1))]
      }
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(routes) })
      // The landing and the account screens that need no data, rendered at build time by React
      // (src/prerender.tsx): they paint fully before any JavaScript runs, and the app hydrates
      // their markup (`data-prerendered`, src/main.tsx). A form stays `inert` until then, so
      // nothing is typed into it that React would not know of. Each page is written in English
      // and, under hi/, in Hindi (`<html lang="hi">`, its texts from the Hindi catalog); the
      // server and the service worker pick one by the visitor's language (issue 16).
      const pages = await prerenderScreens(import.meta.dirname)
      const hindi = readCatalog(path.resolve(import.meta.dirname, 'src/i18n/locales/hi.json'))
      for (const locale of ['en', 'hi'] as const) {
        const dir = locale === 'en' ? '' : `${locale}/`
        const text = (english: string) => (locale === 'en' ? english : (hindi[english] ?? english))
        const localize = (html: string) =>
          locale === 'en'
            ? html
            : html
                .replace('<html lang="en">', `<html lang="${locale}">`)
                .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(text(PAGE_TEXTS.title))}</title>`)
                .replace(
                  /<meta name="description" content="[^"]*"/,
                  `<meta name="description" content="${escapeHtml(text(PAGE_TEXTS.description))}"`,
                )
        const spinner = SPINNER_SHELL.replace('Loading…', escapeHtml(text(PAGE_TEXTS.loading)))
        const landing = pages.get(`${locale}:/`)
        if (!landing) this.error(`the landing (${locale}) was not prerendered`)
        const lang = ` data-lang="${locale}"`
        const landingPage = localize(deferred)
          .replace('</head>', `  ${landing.head}\n  </head>`)
          .replace(shell, root(` data-prerendered${lang}`, landing.body))
        if (locale === 'en') index.source = landingPage
        else this.emitFile({ type: 'asset', fileName: `${dir}index.html`, source: landingPage })
        this.emitFile({ type: 'asset', fileName: `${dir}app.html`, source: localize(html.replace(shell, root(lang, spinner))) })
        for (const [key, page] of pages) {
          const route = key.slice(locale.length + 1)
          if (!key.startsWith(`${locale}:`) || route === '/') continue
          const css = (routes[route] ?? []).filter((f) => f.endsWith('.css'))
          const links = css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
          this.emitFile({
            type: 'asset',
            fileName: `${dir}prerendered${route}.html`,
            source: localize(deferred)
              .replace('</head>', `  ${[...links, page.head].join('\n    ')}\n  </head>`)
              .replace(shell, root(` data-prerendered${lang} inert`, page.body)),
          })
        }
      }
    },
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build of 1 KB or more,
 * which the server sends to browsers that accept them (@fastify/static `preCompressed`): the
 * app's JavaScript travels at about a third of its size on a slow phone network.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  const compressible = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name)
      return entry.isDirectory() ? walk(file) : compressible.test(entry.name) ? [file] : []
    })
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          const source = fs.readFileSync(file)
          if (source.length < 1024) continue
          const brotli = zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          })
          fs.writeFileSync(`${file}.br`, brotli)
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }))
        }
      },
    },
  }
}

export default defineConfig({
  resolve: { alias: APP_ALIASES },
  plugins: [
    // React 19 and react-dom (DECISIONS §1), JSX through the automatic runtime.
    react(),
    i18nCatalogs(import.meta.dirname),
    webManifest(),
    appShellPage(),
    routeShells(import.meta.dirname),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        globIgnores: ['**/videos/**', '**/screenshots/**'],
      },
    }),
  ],
  // The manifest (dist/.vite/manifest.json) lets the bundle budgets find each route's chunk.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Fewer, larger files for the app's start: on a slow phone network every file costs a round
    // trip, and a browser fetches at most six at a time from one HTTP/1.1 origin, so twenty small
    // chunks queue where four would not (LCP, issue 5). Groups take only the modules they name
    // (`includeDependenciesRecursively: false`), so what the entry script (src/boot.ts) itself
    // imports stays in the entry, which keeps it free of static imports.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // React in one file; the other libraries every page starts with and the app's own start
            // (the persisted stores, the rules, the HTTP client, the screens' header and popup)
            // in a second, about 17 KB gzipped: src/boot.ts runs one file per task, so each stays
            // a short task, and one file fewer before the first screen is one round trip fewer.
            { name: 'react', test: REACT, priority: 4 },
            { name: 'libs', test: (id: string) => START_LIBRARIES.test(id) || START_MODULES.test(id) || I18N_ENGLISH.test(id), priority: 3 },
            // What the three membership screens share (their API calls, the UPI cache, the terms).
            { name: 'membership', test: MEMBERSHIP_SHARED, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          env: { SCRYPT_N: '16384' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          env: { SCRYPT_N: '16384' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
