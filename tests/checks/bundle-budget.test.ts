/**
 * The JavaScript budgets, on the production build in dist/ (`npm test` builds it before Vitest
 * runs): the first route at most 100 KB gzipped, all JavaScript at most 250 KB gzipped. Sizes
 * depend on the code only, so this test never flakes on a busy machine.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUDGETS, kb, measureBundle } from '../bench/bundle-size.ts'

const dist = path.resolve('dist')

describe('JavaScript bundle budgets', () => {
  const sizes = measureBundle(dist)

  it('counts the entry chunk, its preloads and the landing chunk as the first route', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
    const entry = /<script[^>]*type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    expect(sizes.firstRoute.files).toContain(entry)
    expect(sizes.firstRoute.files.some((f) => /\/landing-[\w-]+\.js$/.test(f))).toBe(true)
    // The first route is a strict part of all JavaScript: other routes stay in their own chunks.
    expect(sizes.firstRoute.files.every((f) => sizes.allJs.files.includes(f))).toBe(true)
    expect(sizes.allJs.files.length).toBeGreaterThan(sizes.firstRoute.files.length)
  })

  it(`keeps the first route's JavaScript within ${kb(BUDGETS.firstRouteJs)} gzipped`, () => {
    expect(
      sizes.firstRoute.gzipBytes,
      `first route ${kb(sizes.firstRoute.gzipBytes)}: ${sizes.firstRoute.files.join(', ')}`,
    ).toBeLessThanOrEqual(BUDGETS.firstRouteJs)
  })

  it(`keeps all JavaScript within ${kb(BUDGETS.allJs)} gzipped`, () => {
    expect(
      sizes.allJs.gzipBytes,
      `all JavaScript ${kb(sizes.allJs.gzipBytes)}`,
    ).toBeLessThanOrEqual(BUDGETS.allJs)
  })

  it('starts from a few files: an entry with no static imports and at most five app files', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
    // The entry sends the early GETs before any app code has arrived (src/boot.ts).
    expect(entry?.imports ?? []).toEqual([])
    // On a slow network each file costs a round trip, six at a time (vite.config.ts groups).
    const html = fs.readFileSync(path.join(dist, 'app.html'), 'utf8')
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)]
    expect(preloads.length).toBeGreaterThan(0)
    expect(preloads.length, preloads.map((m) => m[1]).join(', ')).toBeLessThanOrEqual(5)
  })

  it('leaves the other screens out of the first route (route-level code splitting)', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isDynamicEntry?: boolean }>
    for (const screen of ['dashboard/routes/dashboard', 'membership/routes/deposit-fee']) {
      const chunk = manifest[`src/features/${screen}.tsx`]
      expect(chunk?.isDynamicEntry, screen).toBe(true)
      expect(sizes.firstRoute.files).not.toContain(chunk?.file)
    }
    // A text only the deposit screen renders ships in none of the first route's files.
    for (const file of sizes.firstRoute.files) {
      expect(fs.readFileSync(path.join(dist, file), 'utf8')).not.toContain(
        'Membership Plans for You',
      )
    }
  })
})
