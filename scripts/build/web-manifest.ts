// Build step: the web app manifest, written by hand (manifest.webmanifest), into the build.
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/** Emits the hand-written manifest.webmanifest of `root` into the build, and serves it in dev. */
export function webManifest(root: string): Plugin {
  const file = path.resolve(root, 'manifest.webmanifest')
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(fs.readFileSync(file))
      })
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: fs.readFileSync(file),
      })
    },
  }
}
