// `npm start` (docs/product.md#system): builds what is missing or older than its sources — the PWA, then the
// operators' console, then the API server (build/server/start.js, vite.server.config.ts) — each
// with `vite build` in a child process, then starts the compiled server in this process. Plain
// JavaScript run by `node`: the running server has no TypeScript loader. The SQLite database is
// created, migrated and seeded by the server on first start.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')

/** The newest modification time (ms since the epoch) of any file under `dir`. */
function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }
  return latest
}

/** Whether `built` is missing or older than any of `sources` (directories or files of root). */
function stale(built, sources) {
  const target = path.join(root, built)
  if (!fs.existsSync(target)) return true
  const times = sources.map((source) => {
    const full = path.join(root, source)
    return fs.statSync(full).isDirectory() ? newest(full) : fs.statSync(full).mtimeMs
  })
  return fs.statSync(target).mtimeMs < Math.max(...times)
}

/** Runs `vite build` with the config file `config` (undefined: vite.config.ts); exits if it fails. */
function viteBuild(config) {
  const vite = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  )
  const args = [vite, 'build', ...(config ? ['-c', config] : [])]
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}

const pwaSources = [
  'src',
  'sw',
  'contract',
  'public',
  'scripts/build',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
]
const pwaStale = stale('dist/index.html', pwaSources)
if (pwaStale) {
  console.log('Building the PWA…')
  viteBuild()
}
// The operators' console (/ops/) is built after the PWA, whose build empties dist/ (vite.ops.config.ts).
if (pwaStale || stale('dist/ops/index.html', ['ops', 'contract', 'vite.ops.config.ts'])) {
  console.log("Building the operators' console…")
  viteBuild('vite.ops.config.ts')
}
const server = 'build/server/start.js'
if (stale(server, ['server', 'contract', 'vite.server.config.ts'])) {
  console.log('Building the server…')
  viteBuild('vite.server.config.ts')
}

// Stack traces in the log name the lines of server/*.ts (build/server/start.js.map).
process.setSourceMapsEnabled(true)
const { startServer } = await import(pathToFileURL(path.join(root, server)).href)
await startServer()
