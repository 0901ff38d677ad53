/**
 * The build draws a page for every route of the route table (contract/routes.ts), in English and
 * Hindi, and the server and the service worker name that page (`pageFile`): a route a guest may
 * open is rendered by src/entry-server.tsx (hydrated, with the rules it was drawn with), a
 * signed-in route starts from the app shell, and a route added to the table without its page
 * would be answered with the landing.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTES, pageFile } from '../../contract/routes.ts'

const dist = path.resolve('dist')
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8')

describe('a page per route of the route table', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s has its page in both languages',
    (_path, route) => {
      for (const locale of ['en', 'hi'] as const) {
        const html = read(pageFile(route.path, locale))
        expect(html).toContain(`<html lang="${locale}"`)
        const root = /<div id="root"([^>]*)>/.exec(html)?.[1] ?? ''
        expect(root).toContain(`data-lang="${locale}"`)
        if (route.access === 'auth') {
          // The app shell: no rendered markup, no config to hydrate with.
          expect(root).not.toContain('data-rendered')
          expect(html).toContain('page-spinner')
          // A Hindi shell's first render waits for the Devanagari font: it is asked for at once.
          const fontPreload = /<link rel="preload" as="font"[^>]*noto-sans-devanagari-[^>]*woff2">/
          if (locale === 'hi') expect(html).toMatch(fontPreload)
          else expect(html).not.toMatch(fontPreload)
        } else {
          expect(root).toContain('data-rendered')
          expect(html).toMatch(/<script type="application\/json" id="page-config">\{"rules":/)
        }
      }
    },
  )

  it('answers a path with no route with the app page, and ignores a trailing slash', () => {
    expect(pageFile('/login', 'en')).toBe('app.html')
    expect(pageFile('/nope/deeper', 'hi')).toBe('hi/app.html')
    expect(pageFile('/wallet/', 'en')).toBe('shell/wallet.html')
    expect(pageFile('/help-center/', 'en')).toBe('pages/help-center.html')
    expect(pageFile('/home', 'hi')).toBe('hi/index.html')
    expect(read('app.html')).toContain('page-spinner')
  })

  it("names each signed-in route's own files in its app shell (route-chunks.json)", () => {
    const chunks = JSON.parse(read('route-chunks.json')) as Record<string, string[]>
    const missing = ROUTES.filter(
      (r) => !['/', '/home'].includes(r.path) && !chunks[r.path]?.length,
    )
    expect(missing.map((r) => r.path)).toEqual([])
    expect(chunks['/dashboard']!.some((f) => /^assets\/dashboard-.*\.js$/.test(f))).toBe(true)
    const shell = read(pageFile('/dashboard', 'en'))
    for (const file of chunks['/dashboard']!) expect(shell).toContain(`href="/${file}"`)
    // The images a screen draws in its first render are asked for in its shell's head too.
    const withImages = ROUTES.filter((r) => r.images?.length)
    expect(withImages.map((r) => r.path)).toContain('/dashboard')
    for (const route of withImages) {
      for (const locale of ['en', 'hi'] as const) {
        const head = read(pageFile(route.path, locale)).split('</head>')[0]
        for (const src of route.images!) {
          expect(head).toContain(`<link rel="preload" as="image" href="${src}">`)
        }
      }
    }
  })

  it('ships the server-side render where package.json `imports` names it (#page-render)', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      imports: Record<string, { default: string }>
    }
    expect(fs.existsSync(pkg.imports['#page-render']!.default)).toBe(true)
  })
})
