// Build-time map from each route of the route table (contract/routes.ts) to the files its screen
// loads (its chunk, the chunks it imports and their CSS), written to route-chunks.json: a route's
// page links its screen's stylesheets and fetches its code early from it (scripts/build/).
import path from 'node:path'
import type { Rollup } from 'vite'
import { ROUTES } from '../../contract/routes.ts'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/**
 * For every route whose screen is a chunk of `bundle`, the files to fetch early (paths relative
 * to the build root), leaving out `known` (what the page loads anyway). Routes in `skip` are left
 * out (the landing, whose first paint needs no code).
 */
export function routeChunks(
  bundle: OutputBundle,
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
  for (const { path: route, screen } of ROUTES) {
    const chunk = byModule.get(`src/features/${screen}`)
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
