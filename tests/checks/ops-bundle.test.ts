// The operators' console is its own build (vite.ops.config.ts, dist/ops/) served at /ops/, and no
// part of the user PWA: not in its JavaScript, its pages or its service worker's precache, and the
// service worker never answers a navigation to /ops/ with the app (docs/product.md#operators). Reads the build
// `npm test` makes before Vitest runs.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'

const dist = path.resolve('dist')
const CONSOLE_TEXT = 'Operators’ console'

/** Every file under `dir` whose name ends with one of `exts`, relative to `dir`. */
function filesUnder(dir: string, exts: string[], sub = ''): string[] {
  return fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(sub, entry.name)
    if (entry.isDirectory()) return filesUnder(dir, exts, rel)
    return exts.some((e) => entry.name.endsWith(e)) ? [rel] : []
  })
}

describe('the operators console build', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildApp({ databaseUrl: 'file::memory:', staticDir: dist, logLevel: 'silent' })
    await app.ready()
  })
  afterAll(async () => app?.close())

  it('is built into dist/ops with its own script', () => {
    const html = fs.readFileSync(path.join(dist, 'ops', 'index.html'), 'utf8')
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/ops\/assets\/[^"]+\.js"><\/script>/,
    )
    const js = filesUnder(path.join(dist, 'ops'), ['.js'])
    expect(
      js.some((f) => fs.readFileSync(path.join(dist, 'ops', f), 'utf8').includes(CONSOLE_TEXT)),
    ).toBe(true)
  })

  it('is not in the PWA: no console code in its JavaScript or pages, nothing of /ops/ precached', () => {
    const pwaFiles = filesUnder(dist, ['.js', '.html']).filter((f) => !f.startsWith('ops/'))
    expect(pwaFiles.length).toBeGreaterThan(3)
    for (const file of pwaFiles) {
      const text = fs.readFileSync(path.join(dist, file), 'utf8')
      expect(text.includes(CONSOLE_TEXT), file).toBe(false)
      expect(/["']\/?ops\/(assets|index\.html)/.test(text), file).toBe(false)
    }
  })

  it('keeps /ops/ out of the service worker’s navigation fallback', () => {
    const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8')
    expect(sw).toContain('^\\/ops(\\/|$)')
  })

  it('is served at /ops/ with its files under /ops/assets/', async () => {
    const page = await app.inject({ method: 'GET', url: '/ops/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const script = /src="(\/ops\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] as string
    const asset = await app.inject({ method: 'GET', url: script })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await app.inject({ method: 'GET', url: '/ops' })).statusCode).toBe(200)
  })
})
