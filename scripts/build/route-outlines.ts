/**
 * Build step: `outlines/<route>.html` (and `hi/outlines/<route>.html`) for every `outline` route of
 * the route table (contract/routes.ts): the app's page (app.html, from `appShellPage`) with the
 * route's first frame (src/prerender.tsx) in #root instead of the loading indicator, and the
 * route's own stylesheets linked, so it paints styled before any JavaScript runs. The app's code
 * waits in a template until the frame is on screen (src/boot.ts).
 * The server draws each again per request with its rules and plans (server/earning/outline-pages.ts,
 * from the server build shipped under ssr/). The dashboard's player still travels inside its page (a
 * `data:` URL, 4.7 KB): the screen's largest picture paints with the page's first paint, not after
 * a request of its own that shares a slow network with the app's code (LCP). The server
 * (server/plugins/static.ts) and the service worker (sw/sw.ts) serve each outline for its route
 * (contract/routes.ts `pageFile`); the app renders over it (`data-outline`, src/main.tsx).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { PLAYER_POSTER } from '../../contract/screen-images.ts'
import { prerenderOutlines, prerenderServerFiles } from './prerender.ts'
import { devanagariFontPreloads } from './app-shell-page.ts'

/** The root element as app.html carries it: one line, with the loading indicator inside. */
const APP_ROOT = /<div id="root"([^>]*)>.*<\/div>$/m

/** The app's page in each language (vite.config.ts `appShellPage`): English, and Hindi under hi/. */
const APP_PAGES = [
  { page: 'app.html', locale: 'en' },
  { page: 'hi/app.html', locale: 'hi' },
] as const

/** The Vite plugin; runs after `appShellPage` (list it after that one), whose files it reads. */
export function routeOutlines(root: string): Plugin {
  return {
    name: 'route-outlines',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = bundle['route-chunks.json']
      if (!chunks || chunks.type !== 'asset') {
        this.error('route-outlines needs route-chunks.json (list it after appShellPage)')
      }
      const routes = JSON.parse(String(chunks.source)) as Record<string, string[]>
      const poster = fs.readFileSync(path.join(root, 'public', PLAYER_POSTER))
      const posterSrc = `data:image/webp;base64,${poster.toString('base64')}`
      const outlines = await prerenderOutlines(root, posterSrc)
      // The server build that drew them, for the server's per-request render of /deposit-fee with
      // its plans (server/plugins/static.ts); under ssr/, which is never served nor precached.
      for (const file of await prerenderServerFiles(root)) {
        this.emitFile({ type: 'asset', fileName: `ssr/${file.fileName}`, source: file.source })
      }
      for (const { page, locale } of APP_PAGES) {
        const app = bundle[page]
        if (!app || app.type !== 'asset')
          this.error(`route-outlines needs ${page} (list it after appShellPage)`)
        const html = String(app.source)
        if (!APP_ROOT.test(html)) this.error(`${page} lacks its one-line #root`)
        const dir = page.slice(0, -'app.html'.length)
        // The app's module preloads, which app.html names in its head (vite.config.ts
        // `appShellPage`): an outline keeps them in its template instead (below).
        const appPreloads = html.match(/^\s*<link rel="modulepreload"[^>]*>\n/gm) ?? []
        if (appPreloads.length === 0) this.error(`${page} names none of the app's files`)
        const bare = appPreloads.reduce((text, link) => text.replace(link, ''), html)
        for (const [key, outline] of outlines) {
          if (!key.startsWith(`${locale}:`)) continue
          const route = key.slice(locale.length + 1)
          const files = routes[route] ?? []
          const css = files.filter((f) => f.endsWith('.css'))
          const routeCode = files
            .filter((f) => f.endsWith('.js'))
            .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          const head = [
            ...css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
            // An outline with Devanagari text has it in the font from its first paint (see appShellPage);
            // one without (the dashboard's outline) leaves the font to the app.
            ...(/[\u0900-\u097F]/.test(outline.body) ? devanagariFontPreloads(bundle) : []),
            outline.head,
            // An outline paints its first frame from HTML and CSS alone, so the app's code, the
            // screen's own code and, for a frame carrying the player's still inline (the
            // dashboard), the still's file for the app's player are fetched only once that frame
            // is on screen (src/boot.ts appends these links then): nothing shares the slow network
            // with the first paint (LCP).
            `<template id="app-preloads">${[
              ...appPreloads.map((link) => link.trim()),
              ...routeCode,
              ...(outline.body.includes(posterSrc)
                ? [`<link rel="preload" as="image" href="${PLAYER_POSTER}" fetchpriority="low">`]
                : []),
            ].join('')}</template>`,
          ]
          this.emitFile({
            type: 'asset',
            fileName: `${dir}outlines${route}.html`,
            source: bare
              .replace('</head>', `  ${head.filter(Boolean).join('\n    ')}\n  </head>`)
              .replace(
                APP_ROOT,
                (_match, attributes: string) =>
                  // A frame with a form stays `inert` until the app draws over it (src/app/
                  // route-guard.tsx): nothing is typed into fields the app would replace.
                  `<div id="root"${attributes} data-outline${/<(input|textarea|select)\b/.test(outline.body) ? ' inert' : ''}>${outline.body}</div>`,
              ),
          })
        }
      }
    },
  }
}
