// Build step: the pages the server and the service worker answer with (contract/routes.ts
// `pageFile`): index.html with the prerendered landing, prerendered/<route>.html, and app.html
// with a loading indicator (for paths with no route; scripts/build/route-outlines.ts makes each
// outline route's page from it); the app's module preloads in them, and route-chunks.json (each
// route's own files).
import path from 'node:path'
import type { OutputBundle } from 'rolldown'
import type { Plugin } from 'vite'
import { forgetPrerenderModule, prerenderScreens } from './prerender.ts'
import { routeChunks } from './route-chunks.ts'
import { PAGE_TEXTS } from '../../src/i18n/page-texts.ts'
import { readCatalog } from './i18n-catalogs.ts'

/**
 * The loading indicator (the markup of src/components/page-spinner.tsx, as the page's one `<main>`
 * with its label as the one `h1`) for non-landing routes, shown only when the app has not drawn the
 * screen within a second (`.page-spinner-delayed`): a fast start goes from a blank page straight to
 * the screen, with no spinner flashing first.
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
 * Fills index.html's `landing-shell` with the landing as React renders it at build time
 * (src/prerender.tsx); emits `app.html`: index.html with a loading indicator there instead; and
 * `prerendered/<route>.html` for the other screens of src/prerender.tsx, with the screen's markup
 * in place of the indicator. The landing (`/`, `/home`) gets index.html; every other route gets
 * app.html (from the server's fallback and the service worker), so a deep link such as
 * /dashboard never flashes the landing before React mounts.
 */
export function appShellPage(projectRoot: string): Plugin {
  return {
    name: 'app-shell-page',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // A rebuild (watch mode) renders the screens from the source as it is now.
      forgetPrerenderModule(projectRoot)
    },
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
      const preloads = [...files].map(
        (f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`,
      )
      const html = String(index.source).replace(
        '</head>',
        `  ${preloads.join('\n    ')}\n  </head>`,
      )
      // A prerendered page paints complete without JavaScript, so it fetches the app only once it
      // is idle (src/boot.ts appends these links then): nothing competes with its first paint's
      // images and text for a slow network (LCP).
      const deferred = String(index.source).replace(
        '</head>',
        `  <template id="app-preloads">${preloads.join('')}</template>\n  </head>`,
      )
      // The root element with its landing-shell comments; hydration wants it filled with exactly
      // the rendered markup, no whitespace around it.
      const shell = /<div id="root">\s*<!-- landing-shell[\s\S]*<!-- \/landing-shell -->\s*<\/div>/
      if (!shell.test(html)) this.error('index.html lacks the landing-shell markers')
      const root = (attributes: string, content: string) =>
        `<div id="root"${attributes}>${content}</div>`
      // Each route's own files: its page links the stylesheets and fetches the code early with the
      // app's (prerendered pages below, outlines in scripts/build/route-outlines.ts).
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry)
      const known = new Set([...files, ...(entry ? [entry.fileName] : [])])
      const routes = routeChunks(bundle, known, ['/', '/home'])
      this.emitFile({
        type: 'asset',
        fileName: 'route-chunks.json',
        source: JSON.stringify(routes),
      })
      // The landing and the account screens that need no data, rendered at build time by React
      // (src/prerender.tsx): they paint fully before any JavaScript runs, and the app hydrates
      // their markup (`data-prerendered`, src/main.tsx). A form stays `inert` until then, so
      // nothing is typed into it that React would not know of. Each page is written in English and,
      // under hi/, in Hindi (`<html lang="hi">`, its texts from the Hindi catalog); the server and
      // the service worker pick one by the visitor's language.
      const pages = await prerenderScreens(projectRoot)
      // A prerendered Hindi page fetches the Devanagari web font
      // (src/i18n/devanagari.css) with its stylesheet, not once its first layout finds Devanagari
      // text: drawn first in a fallback and again in the font, the Hindi landing's heading and the
      // login's fine print would move (CLS). At low priority: at the default one the font shares
      // the slow link with the stylesheet and the hero image, and delay the Hindi landing's largest
      // paint (LCP).
      const fontPreloads = devanagariFontPreloads(bundle)
      if (fontPreloads.length !== 1) this.error('the Devanagari font file is not in the build')
      const hindi = readCatalog(path.resolve(projectRoot, 'src/i18n/locales/hi.json'))
      for (const locale of ['en', 'hi'] as const) {
        const dir = locale === 'en' ? '' : `${locale}/`
        const text = (english: string) => (locale === 'en' ? english : (hindi[english] ?? english))
        const localize = (html: string) =>
          locale === 'en'
            ? html
            : html
                .replace('<html lang="en">', `<html lang="${locale}">`)
                .replace(
                  /<title>[^<]*<\/title>/,
                  `<title>${escapeHtml(text(PAGE_TEXTS.title))}</title>`,
                )
                .replace(
                  /<meta name="description" content="[^"]*"/,
                  `<meta name="description" content="${escapeHtml(text(PAGE_TEXTS.description))}"`,
                )
        const spinner = SPINNER_SHELL.replace('Loading…', escapeHtml(text(PAGE_TEXTS.loading)))
        const landing = pages.get(`${locale}:/`)
        if (!landing) this.error(`the landing (${locale}) was not prerendered`)
        const lang = ` data-lang="${locale}"`
        // Only the pages that paint their text from HTML: the app's own pages wait for the font in
        // src/main.tsx, and there a preload of the fonts would delay the dashboard's largest paint.
        const fonts = locale === 'hi' ? fontPreloads : []
        const landingPage = localize(deferred)
          .replace('</head>', `  ${[...fonts, landing.head].join('\n    ')}\n  </head>`)
          .replace(shell, root(` data-prerendered${lang}`, landing.body))
        if (locale === 'en') index.source = landingPage
        else this.emitFile({ type: 'asset', fileName: `${dir}index.html`, source: landingPage })
        this.emitFile({
          type: 'asset',
          fileName: `${dir}app.html`,
          source: localize(html.replace(shell, root(lang, spinner))),
        })
        for (const [key, page] of pages) {
          const route = key.slice(locale.length + 1)
          if (!key.startsWith(`${locale}:`) || route === '/') continue
          const css = (routes[route] ?? []).filter((f) => f.endsWith('.css'))
          const links = css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
          this.emitFile({
            type: 'asset',
            fileName: `${dir}prerendered${route}.html`,
            source: localize(deferred)
              .replace('</head>', `  ${[...links, ...fonts, page.head].join('\n    ')}\n  </head>`)
              .replace(shell, root(` data-prerendered${lang} inert`, page.body)),
          })
        }
      }
    },
  }
}

/**
 * The `<link rel="preload">` tag of the Devanagari web font in `bundle` (at low
 * priority), for a Hindi page that paints its text from HTML: with them the font is asked for
 * with the stylesheet, not once the first layout finds Devanagari text (see above).
 */
export function devanagariFontPreloads(bundle: OutputBundle): string[] {
  return Object.values(bundle)
    .filter((file) => /noto-sans-devanagari-devanagari-400-normal.*\.woff2$/.test(file.fileName))
    .map(
      (file) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin fetchpriority="low" href="/${file.fileName}">`,
    )
}
