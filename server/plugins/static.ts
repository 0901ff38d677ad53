/**
 * Serves the built PWA from `config.staticDir`: hashed assets cached for a year, the service
 * worker, manifest and HTML never cached, and every other GET not under `/api/` (those answer a
 * JSON 404) answered with the build's page for that path in the visitor's language
 * (contract/routes.ts `pageFile`: a rendered page for a route a guest may open, drawn again with
 * the served rules, the app shell otherwise).
 */
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ROUTES, pageFile } from '../../contract/routes.ts'

/**
 * `(page file, route path, locale) → HTML of that rendered page drawn with the served rules`, or
 * null to send the build's file.
 */
export type PageMaker = (file: string, route: string, locale: 'en' | 'hi') => Promise<string | null>

export interface StaticOptions {
  /**
   * Makes the page maker of the build in `dir` (server/earning/rendered-pages.ts), or null without
   * a server render; passed in by the app, since plugins import no domain.
   */
  renderedPages?: (app: FastifyInstance, dir: string) => PageMaker | null
}

/** Each rendered page's file in the build (`pages/<route>.html`, `hi/…`, index.html) → its route. */
const RENDERED_FILES = new Map(
  ROUTES.filter((route) => route.access !== 'auth').flatMap((route) =>
    (['en', 'hi'] as const).map((locale) => [pageFile(route.path, locale), route.path] as const),
  ),
)

export default fp<StaticOptions>(async (app, options) => {
  const dir = app.config.staticDir ? path.resolve(app.config.staticDir) : null
  const hasIndex = dir !== null && fs.existsSync(path.join(dir, 'index.html'))
  // The build's pages in Hindi (under hi/).
  const hasHindi = dir !== null && fs.existsSync(path.join(dir, 'hi', 'index.html'))
  // Rendered pages drawn by the server with its rules: the figures a page states before any
  // JavaScript are the served ones.
  const drawPage = dir === null ? null : (options.renderedPages?.(app, dir) ?? null)
  /** The page file `file` (a rendered page's) drawn with the served rules, or null. */
  const drawn = (file: string): Promise<string | null> => {
    const route = RENDERED_FILES.get(file)
    return route && drawPage
      ? drawPage(file, route, file.startsWith('hi/') ? 'hi' : 'en')
      : Promise.resolve(null)
  }
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz copies of its text files (vite.config.ts `precompress`).
      preCompressed: true,
      // ssr/ is the server-side render (server/earning/rendered-pages.ts), never sent.
      allowedPath: (pathName) => !isServerBuild(pathName),
      // Rendered pages go through the handler below, which draws them with the served rules.
      globIgnore: [...RENDERED_FILES.keys()],
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
      // A rendered page asked for by its file (the service worker's precache) is drawn with the
      // served rules too.
      const asFile = await drawn(rel)
      if (asFile)
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(asFile)
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
      // The route's page in the visitor's language: a Hindi visitor's first paint is in Hindi, and
      // the app hydrates it as it is.
      const locale =
        hasHindi &&
        pageLanguage(request.headers.cookie, request.headers['accept-language']) === 'hi'
          ? 'hi'
          : 'en'
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language')
      const page = pageFile(`/${rel}`, locale)
      const withRules = await drawn(page)
      if (withRules) return reply.type('text/html; charset=utf-8').send(withRules)
      return reply.sendFile(fs.existsSync(path.join(dir, page)) ? page : 'index.html')
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
