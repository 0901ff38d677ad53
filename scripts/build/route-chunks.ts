// Build-time map from each route of src/app/routes.tsx to the files its screen loads (its chunk,
// the chunks it imports and their CSS), written to route-chunks.json, from which the server names a
// deep link's screen code in a `Link: rel=preload` header, so it arrives alongside the app's code
// instead of after it. Read from the route table's source: a route the
// parser does not recognise simply gets no early fetch.
import fs from 'node:fs'
import path from 'node:path'
import type { Rollup } from 'vite'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/** `path` → screen module (e.g. '/dashboard' → 'src/features/dashboard/routes/dashboard'). */
export function parseRouteModules(routesFile: string): Map<string, string> {
  const source = fs.readFileSync(routesFile, 'utf8')
  const loader = String.raw`page\(\s*\(\)\s*=>\s*import\(\s*'@\/([^']+)'\s*\)\s*\)`
  const named = new Map<string, string>()
  for (const m of source.matchAll(new RegExp(String.raw`const\s+(\w+)\s*=\s*${loader}`, 'g'))) {
    named.set(m[1]!, `src/${m[2]!}`)
  }
  const routes = new Map<string, string>()
  const entry = new RegExp(
    String.raw`path:\s*'([^']+)'\s*,\s*access:\s*'\w+'\s*,\s*component:\s*(?:${loader}|(\w+))`,
    'g',
  )
  for (const m of source.matchAll(entry)) {
    const module = m[2] ? `src/${m[2]}` : named.get(m[3] ?? '')
    if (module) routes.set(m[1]!, module)
  }
  return routes
}

/**
 * For every route whose screen is a chunk of `bundle`, the files to fetch early (paths relative
 * to the build root), leaving out `known` (what the page loads anyway). Routes in `skip` are left
 * out (the landing, whose first paint needs no code).
 */
export function routeChunks(
  bundle: OutputBundle,
  routesFile: string,
  known: Set<string>,
  skip: string[],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
  const byModule = new Map<string, OutputChunk>()
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId?.replace(/\\/g, '/')
    if (id)
      byModule.set(
        path.posix.relative(process.cwd().replace(/\\/g, '/'), id).replace(/\.tsx?$/, ''),
        chunk,
      )
  }
  const result: Record<string, string[]> = {}
  for (const [route, module] of parseRouteModules(routesFile)) {
    const chunk = byModule.get(module)
    if (!chunk || skip.includes(route)) continue
    const files = new Set<string>()
    const add = (c: OutputChunk): void => {
      if (known.has(c.fileName) || files.has(c.fileName)) return
      files.add(c.fileName)
      const css = (c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      css?.importedCss.forEach((f) => files.add(f))
      for (const imported of c.imports) {
        const next = bundle[imported]
        if (next?.type === 'chunk') add(next)
      }
    }
    add(chunk)
    result[route] = [...files]
  }
  return result
}
