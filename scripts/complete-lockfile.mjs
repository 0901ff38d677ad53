// Completes package-lock.json with the platform-specific optional packages that npm 11's
// `npm install` leaves out (rollup's and esbuild's native builds for other platforms, …) while
// `npm ci` insists on them ("Missing: @rollup/rollup-android-arm-eabi@ from lock file"; npm/cli
// npm/cli#4828 on GitHub). Run after any `npm install`: `node scripts/complete-lockfile.mjs`.
// The registry this project installs from lacks some of those builds, so an entry the registry
// cannot describe is written from its name's platform (os, cpu, libc): `npm ci` then skips it as
// a package for another platform, without fetching it.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const lockPath = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'))
const packages = lock.packages

/** Where npm would resolve `name` from the package at `from` (walks up the node_modules chain). */
function resolve(from, name) {
  let base = from
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!base) return null
    const cut = base.lastIndexOf('/node_modules/')
    base = cut === -1 ? '' : base.slice(0, cut)
  }
}

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'win32',
  'aix',
]
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el']

/** The registry's metadata of `name@range`, or the platform its name gives when the registry lacks it. */
function describe(name, range) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${range}`, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const meta = JSON.parse(out)
    return Array.isArray(meta) ? meta.at(-1) : meta
  } catch {
    const parts = name.split('/').pop().split('-')
    const os = OS.find((o) => parts.includes(o))
    const cpu = CPU.find((c) => parts.includes(c))
    if (!os || !cpu) throw new Error(`cannot describe ${name}@${range}`)
    const libc = parts.some((p) => p.startsWith('musl'))
      ? ['musl']
      : parts.includes('gnu') || parts.some((p) => p.startsWith('gnueabi'))
        ? ['glibc']
        : undefined
    return { version: range.replace(/^[\^~=]/, ''), os: [os], cpu: [cpu], libc }
  }
}

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolve(location, name)) continue
    const info = describe(name, range)
    const record = { version: info.version }
    if (info.dist?.integrity) record.integrity = info.dist.integrity
    if (entry.dev) record.dev = true
    record.optional = true
    if (info.license) record.license = info.license
    for (const field of ['os', 'cpu', 'libc']) if (info[field]) record[field] = info[field]
    if (info.engines) record.engines = info.engines
    packages[`node_modules/${name}`] = record
    added += 1
  }
}
// npm keeps the packages map sorted by location.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
)
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} optional package entries`)
