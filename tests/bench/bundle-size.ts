/**
 * Gzipped JavaScript of a production build: the first route (the entry chunk,
 * every chunk index.html preloads, the app's start that the entry loads, and the landing route's
 * chunk, with their static imports) and all JavaScript. Read from the build directory and Vite's manifest (`build.manifest`), so the figures
 * depend on the code only, never on the machine. Sizes are bytes; 1 KB = 1000 bytes, as Vite prints.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** The budgets, in bytes gzipped. */
export const BUDGETS = { firstRouteJs: 100_000, allJs: 250_000 } as const

/** The app's start (loaded by the boot entry on every page) and the landing route's module. */
export const APP_MODULE = 'src/main.tsx'
export const LANDING_MODULE = 'src/features/landing/routes/landing.tsx'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

export interface JsSize {
  /** Files (relative to the build directory) counted. */
  files: string[]
  /** Sum of their gzipped sizes (level 9), in bytes. */
  gzipBytes: number
}

export interface BundleSizes {
  firstRoute: JsSize
  allJs: JsSize
}

const gzipSize = (file: string): number => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length

function sum(dir: string, files: Iterable<string>): JsSize {
  const list = [...new Set(files)].sort()
  return {
    files: list,
    gzipBytes: list.reduce((total, f) => total + gzipSize(path.join(dir, f)), 0),
  }
}

/** Every .js file under `dir` (recursively), relative to it. */
function listJs(dir: string, sub = ''): string[] {
  return fs.readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(sub, entry.name)
    // dist/ops is the operators' console (vite.ops.config.ts): no user ever loads it; dist/ssr is
    // the server-side render (scripts/build/pages.ts), never sent.
    if (entry.isDirectory())
      return entry.name.startsWith('.') || rel === 'ops' || rel === 'ssr' ? [] : listJs(dir, rel)
    return entry.name.endsWith('.js') ? [rel] : []
  })
}

/**
 * Measures the build in `distDir` (which must hold index.html and .vite/manifest.json). The
 * service worker (sw.js) counts in all JavaScript but not in the first route: it installs after
 * the page has loaded. Throws when the build or its manifest is missing.
 */
export function measureBundle(distDir: string): BundleSizes {
  if (!fs.existsSync(path.join(distDir, '.vite', 'manifest.json'))) {
    throw new Error(`${distDir} holds no production build with its manifest: run \`npm run build\``)
  }
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const first = new Set<string>()
  // What index.html loads: the module script(s) and the modulepreload links.
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g))
    first.add(match[1]!)
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    first.add(match[1]!)
  // The app and the landing chunk, each with its static imports (all loaded when / renders).
  const addWithImports = (key: string): void => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build's manifest`)
    first.add(chunk.file)
    for (const imported of chunk.imports ?? []) addWithImports(imported)
  }
  addWithImports(APP_MODULE)
  addWithImports(LANDING_MODULE)
  if (first.size < 2) throw new Error('index.html loads no module script')
  return { firstRoute: sum(distDir, first), allJs: sum(distDir, listJs(distDir)) }
}

/** Bytes as "12.3 KB". */
export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`
