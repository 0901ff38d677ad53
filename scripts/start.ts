// `npm start`: builds the PWA when dist/ is missing or older than its sources (Vite's `build()`),
// then the operators' console likewise, then starts the API and the PWA on one port in this same
// process (server/start.ts; DECISIONS §1). The SQLite database is created, migrated and seeded by
// the server on first start.
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { startServer } from '../server/start.ts'

const root = path.resolve(import.meta.dirname, '..')

/** The newest modification time (ms since the epoch) of any file under `dir`. */
function newest(dir: string): number {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }
  return latest
}

/** Whether `built` is missing or older than any of `sources` (directories or files of root). */
function stale(built: string, sources: string[]): boolean {
  const target = path.join(root, built)
  if (!fs.existsSync(target)) return true
  const times = sources.map((source) => {
    const full = path.join(root, source)
    return fs.statSync(full).isDirectory() ? newest(full) : fs.statSync(full).mtimeMs
  })
  return fs.statSync(target).mtimeMs < Math.max(...times)
}

const pwaSources = [
  'src',
  'sw',
  'public',
  'scripts/build',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
]
const pwaStale = stale('dist/index.html', pwaSources)
if (pwaStale) {
  console.log('Building the PWA…')
  await build({ root, configFile: path.join(root, 'vite.config.ts') })
}
// The operators' console (/ops/) is built after the PWA, whose build empties dist/ (vite.ops.config.ts).
if (pwaStale || stale('dist/ops/index.html', ['ops', 'vite.ops.config.ts'])) {
  console.log("Building the operators' console…")
  // No `root` here: the console's config sets its own (ops/); an inline one would override it and
  // build the PWA's index.html without the PWA's plugins.
  await build({ configFile: path.join(root, 'vite.ops.config.ts') })
}

await startServer()
