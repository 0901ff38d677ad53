/**
 * Serves the built PWA from `config.staticDir`: hashed assets cached for a year, the service
 * worker, manifest and HTML never cached, and the single-page fallback to index.html for any GET
 * that is not under `/api/` (those answer a JSON 404). A route's page names the route's own code in
 * a `Link: rel=preload` header, so the browser fetches it with the app's instead of after it.
 */
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** `(locale) → HTML of /deposit-fee`, or null to send the build's outline of the page. */
export type PageMaker = (locale: 'en' | 'hi') => Promise<string | null>

export interface StaticOptions {
  /**
   * Makes the /deposit-fee page maker of the build in `dir` (server/earning/deposit-fee-page.ts),
   * or null without a server build; passed in by the app, since plugins import no domain.
   */
  depositFeePages?: (app: FastifyInstance, dir: string) => PageMaker | null
}

export default fp<StaticOptions>(async (app, options) => {
  const dir = app.config.staticDir ? path.resolve(app.config.staticDir) : null
  const hasIndex = dir !== null && fs.existsSync(path.join(dir, 'index.html'))
  const hasAppShell = dir !== null && fs.existsSync(path.join(dir, 'app.html'))
  // Routes the build drew as static HTML (prerendered/<route>.html), e.g. 'loginn'.
  const prerenderedDir = dir === null ? '' : path.join(dir, 'prerendered')
  const prerendered = new Set(
    prerenderedDir && fs.existsSync(prerenderedDir)
      ? fs
          .readdirSync(prerenderedDir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -5))
      : [],
  )
  // Logged-in routes with a static first frame (shells/<route>.html), e.g. 'dashboard'.
  const shellsDir = dir === null ? '' : path.join(dir, 'shells')
  const shells = new Set(
    shellsDir && fs.existsSync(shellsDir)
      ? fs
          .readdirSync(shellsDir)
          .filter((f) => f.endsWith('.html'))
          .map((f) => f.slice(0, -5))
      : [],
  )
  const preloadHeaders = dir === null ? new Map<string, string>() : routePreloadHeaders(dir)
  // The build's pages in Hindi (hi/index.html, hi/app.html, hi/prerendered/<route>.html).
  const hasHindi = dir !== null && fs.existsSync(path.join(dir, 'hi', 'index.html'))
  // /deposit-fee with the plans drawn in by the server: its largest paint needs no JavaScript.
  const depositFeePage = dir === null ? null : (options.depositFeePages?.(app, dir) ?? null)
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz copies of its text files (vite.config.ts `precompress`).
      preCompressed: true,
      // ssr/ is the server's own build of the screens (server/earning/deposit-fee-page.ts).
      allowedPath: (pathName) => !isServerBuild(pathName),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable')
        } else {
          res.header('Cache-Control', 'no-cache')
        }
        if (filePath.endsWith('.webmanifest'))
          res.header('Content-Type', 'application/manifest+json')
      },
    })
    // Every file of the build is served by its path; anything else falls back below.
    app.get('/*', async (request, reply) => {
      const rel = decodeURIComponent(request.url.split('?')[0] ?? '/').replace(/^\/+/, '')
      const file = path.join(dir, rel)
      if (
        rel &&
        !isServerBuild(rel) &&
        file.startsWith(dir) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply.sendFile(rel)
      }
      if (rel.startsWith('api/')) {
        return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' })
      }
      if (path.extname(rel) && !rel.endsWith('.html')) {
        return reply.status(404).type('text/plain').send('Not found')
      }
      // The landing gets index.html (its static first paint); a prerendered screen its own HTML;
      // a route with a first frame its shell; other routes the build's app.html (a loading
      // indicator), so they never flash the landing.
      const route = rel.replace(/\/$/, '')
      const shell =
        route === '' || route === 'home' || !hasAppShell
          ? 'index.html'
          : prerendered.has(route)
            ? `prerendered/${route}.html`
            : shells.has(route)
              ? `shells/${route}.html`
              : 'app.html'
      const link = preloadHeaders.get(`/${route}`)
      // Only for the pages the app draws: a prerendered page fetches its code once idle, a
      // route's first frame (shells/) once that frame is on screen (src/boot.ts).
      if (link && !/^(prerendered|shells)\//.test(shell)) reply.header('Link', link)
      // In the visitor's language: the page drawn in Hindi for a Hindi visitor, so the first paint
      // is in their language and the app hydrates it as it is.
      const hindi =
        hasHindi &&
        pageLanguage(request.headers.cookie, request.headers['accept-language']) === 'hi'
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language')
      const withPlans =
        route === 'deposit-fee' && depositFeePage ? await depositFeePage(hindi ? 'hi' : 'en') : null
      if (withPlans) return reply.type('text/html; charset=utf-8').send(withPlans)
      return reply.sendFile(hindi ? `hi/${shell}` : shell)
    })
  }
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' }),
  )
})

/** Whether `pathName` (with or without its leading `/`) is in the server's build, `ssr/`. */
function isServerBuild(pathName: string): boolean {
  return /^\/*ssr(\/|$)/.test(pathName)
}

/**
 * The language of the page a visitor gets: the `lang` cookie the language switch sets (`en` or
 * `hi`), else Hindi when the first language of `Accept-Language` is Hindi (`hi`, `hi-IN`), else
 * English (src/i18n/detect.ts decides the same way in the browser).
 */
export function pageLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): 'en' | 'hi' {
  const chosen = /(?:^|;\s*)lang=(en|hi)(?:;|$)/.exec(cookie ?? '')?.[1]
  if (chosen === 'en' || chosen === 'hi') return chosen
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? ''
  return first === 'hi' || first.startsWith('hi-') ? 'hi' : 'en'
}

/**
 * The `Link` header value per route path (`/dashboard` → `</assets/dashboard-x.js>; rel=preload;
 * as=script; crossorigin, …`), from the build's route-chunks.json (vite.config.ts: each route's
 * own JavaScript and CSS beyond what every page preloads, and the images of its first render,
 * contract/screen-images.ts). Empty when the build has none.
 */
function routePreloadHeaders(dir: string): Map<string, string> {
  const file = path.join(dir, 'route-chunks.json')
  if (!fs.existsSync(file)) return new Map()
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>
  return new Map(
    Object.entries(routes).map(([route, files]) => [route, files.map(preloadLink).join(', ')]),
  )
}

/**
 * One `Link` entry for a build file: scripts and stylesheets as the module loader fetches them
 * (CORS), images as `<img>` does (no CORS) and at high priority, since the screen draws them
 * in its first render.
 */
function preloadLink(file: string): string {
  if (/\.(webp|png|jpe?g|avif)$/.test(file))
    return `</${file}>; rel=preload; as=image; fetchpriority=high`
  return `</${file}>; rel=preload; as=${file.endsWith('.css') ? 'style' : 'script'}; crossorigin`
}
