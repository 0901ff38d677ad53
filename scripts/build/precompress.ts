// Build step: Brotli and gzip copies of the build's text files, for @fastify/static's preCompressed.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build of 1 KB or more,
 * which the server sends to browsers that accept them (@fastify/static `preCompressed`): the
 * app's JavaScript travels at about a third of its size on a slow phone network.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  const compressible = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/
  // ssr/: the server-side render (scripts/build/pages.ts), never sent.
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) return file === path.join(outDir, 'ssr') ? [] : walk(file)
      return compressible.test(entry.name) ? [file] : []
    })
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          const source = fs.readFileSync(file)
          if (source.length < 1024) continue
          const brotli = zlib.brotliCompressSync(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          })
          fs.writeFileSync(`${file}.br`, brotli)
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }))
        }
      },
    },
  }
}
