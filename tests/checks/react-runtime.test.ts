/**
 * The product ships on React 19 and react-dom (docs/product.md#system), on the production build in dist/
 * (`npm test` builds it before Vitest runs): the app's JavaScript carries React 19's own runtime,
 * and no Preact package is installed or locked to stand in for it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureBundle } from '../bench/bundle-size.ts'

const dist = path.resolve('dist')
const PREACT_PACKAGES = [
  'preact',
  'preact-render-to-string',
  '@preact/preset-vite',
  '@testing-library/preact',
]

describe('the React runtime', () => {
  it('ships React 19 and react-dom in the first route', () => {
    const { firstRoute } = measureBundle(dist)
    const code = firstRoute.files
      .map((file) => fs.readFileSync(path.join(dist, file), 'utf8'))
      .join('\n')
    // React 19 marks its elements with this symbol (React 18 and preact/compat do not).
    expect(code).toContain('react.transitional.element')
    // react-dom's version check: react and react-dom of one 19.x release.
    const versions = new Set(
      [...code.matchAll(/version[:=]["'`](\d+\.\d+\.\d+)/g)].map((m) => m[1]),
    )
    expect([...versions]).toHaveLength(1)
    expect([...versions][0]).toMatch(/^19\./)
    // react-dom's client: createRoot and hydrateRoot's container mark.
    expect(code).toContain('__reactContainer$')
  })

  it('has no Preact package installed or in the lockfile', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, unknown>
    }
    const locked = Object.keys(lock.packages).filter((key) =>
      PREACT_PACKAGES.some(
        (name) => key === `node_modules/${name}` || key.endsWith(`/node_modules/${name}`),
      ),
    )
    expect(locked).toEqual([])
    for (const name of PREACT_PACKAGES) {
      expect(fs.existsSync(path.join('node_modules', name)), name).toBe(false)
    }
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(manifest.dependencies.react).toMatch(/^\^?19\./)
    expect(manifest.dependencies['react-dom']).toMatch(/^\^?19\./)
  })
})
