// `npm start`: builds the PWA when dist/ is missing or older than its sources, then starts the
// API and the PWA on one port (DECISIONS §1). The SQLite database is created, migrated and seeded
// by the server on first start.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist', 'index.html')

/** The newest modification time (ms) of any file under `dir`. */
function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs)
  }
  return latest
}

const sources = ['src', 'sw', 'public'].map((d) => newest(path.join(root, d)))
sources.push(...['index.html', 'manifest.webmanifest', 'vite.config.ts'].map((f) => fs.statSync(path.join(root, f)).mtimeMs))
const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < Math.max(...sources)
if (stale) {
  console.log('Building the PWA…')
  const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The operators' console (/ops/) is built after the PWA, which empties dist/ (vite.ops.config.ts).
const opsBuilt = path.join(root, 'dist', 'ops', 'index.html')
const opsSources = Math.max(newest(path.join(root, 'ops')), fs.statSync(path.join(root, 'vite.ops.config.ts')).mtimeMs)
if (!fs.existsSync(opsBuilt) || fs.statSync(opsBuilt).mtimeMs < opsSources) {
  console.log('Building the operators\' console…')
  const result = spawnSync('npx', ['vite', 'build', '-c', 'vite.ops.config.ts'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn('npx', ['tsx', 'server/index.ts'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
