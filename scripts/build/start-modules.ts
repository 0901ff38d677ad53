/**
 * Build step: which modules make up the app's start, found from the import graph rather than from
 * file names by regular expression. After the module graph is built, it marks what the start
 * entries (src/main.tsx, and the shared modules every logged-in screen draws at once:
 * `START_ENTRIES`) reach by static imports, keeping the libraries (React aside: it has its own
 * chunk), the app's shared layers (src/lib, src/stores, contract, src/components, src/i18n) and the
 * modules plugins make up (the English catalog), and leaving out what the entry script
 * (src/boot.ts) imports itself, which stays in the entry.
 * vite.config.ts groups the marked modules into one `libs` chunk: one file, one round trip. And
 * per feature, the modules that two or more of its screens import (the membership screens' API
 * calls, UPI cache and terms) go into one chunk named after the feature.
 */
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The start's entry modules: the app's start, and the shared modules that the logged-in screens
 * (dashboard, membership, withdraw, wallet) draw in their first render, fetched with the start so a
 * screen's own chunk is the only file left to fetch. The popup (src/components/popup.tsx) is not
 * one: the landing never opens it, so it is a chunk of its own that the dynamic import of a screen
 * using it preloads alongside that screen's chunk.
 */
export const START_ENTRIES = [
  'src/main.tsx',
  'src/components/app-header.tsx',
  'src/components/withdrawal-conditions.tsx',
  'src/stores/plans-store.ts',
  'src/stores/rules-store.ts',
  'src/lib/go-back.ts',
  'src/lib/log-failure.ts',
  'src/lib/server-clock.ts',
]

/** The packages with a chunk of their own (React, react-dom, the JSX runtime, the scheduler). */
export const REACT_PACKAGES = ['react', 'react-dom', 'scheduler']

/** The package a module id belongs to (`@scope/name` or `name`), or null for the app's own code. */
export function packageOf(id: string): string | null {
  const parts = id.split(/[\\/]node_modules[\\/]/)
  if (parts.length < 2) return null
  const [first = '', second = ''] = (parts.at(-1) ?? '').split(/[\\/]/)
  return first.startsWith('@') ? `${first}/${second}` : first
}

/** The start modules of the last build, filled in `buildEnd`; `has(id)` is the groups' test. */
export interface StartModules {
  plugin: Plugin
  has(id: string): boolean
  react(id: string): boolean
  /** The feature whose screens share module `id` (two or more of them), else null. */
  featureShared(id: string): string | null
  /** Whether `id` is one of SIGNED_IN_UI: the signed-in screens' small shared parts. */
  signedInUi(id: string): boolean
}

/**
 * The small components only signed-in screens draw, in their first frame (the saved copy's time,
 * the balance card, the spinner, the tab bar with its lucide-react icons) and the dialogs the
 * dashboard and the payment screens open (popup, confirm sheet): one chunk, one request, instead
 * of one each.
 */
export const SIGNED_IN_UI = [
  'src/components/saved-at.tsx',
  'src/components/saved-copy-label.tsx',
  'src/components/user-saved-at.tsx',
  'src/components/balance-card.tsx',
  'src/components/page-spinner.tsx',
  'src/components/tab-bar.tsx',
  'src/components/popup.tsx',
  'src/components/confirm-sheet.tsx',
]

export function startModules(root: string): StartModules {
  const marked = new Set<string>()
  const signedInUi = new Set(SIGNED_IN_UI.map((file) => path.join(root, file)))
  const featureShared = new Map<string, string>()
  const sharedLayers = ['src/lib', 'src/stores', 'contract', 'src/components', 'src/i18n'].map(
    (d) => path.join(root, d) + path.sep,
  )
  /** A module a plugin makes up (the English catalog, `virtual:i18n/en`). */
  const isVirtual = (id: string) => id.startsWith('\0') || id.startsWith('virtual:')
  const featuresDir = path.join(root, 'src/features') + path.sep
  const featureOf = (id: string) =>
    id.startsWith(featuresDir) ? id.slice(featuresDir.length).split(path.sep)[0] : null
  const plugin: Plugin = {
    name: 'start-modules',
    apply: 'build',
    buildEnd() {
      marked.clear()
      featureShared.clear()
      const info = (id: string) => this.getModuleInfo(id)
      /** Every module `from` reaches by static imports (itself included). */
      const closure = (from: string): Set<string> => {
        const seen = new Set<string>()
        const walk = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const next of info(id)?.importedIds ?? []) walk(next)
        }
        walk(from)
        return seen
      }
      const ids = [...this.getModuleIds()]
      const boot = ids.find((id) => id === path.join(root, 'src/boot.ts'))
      if (!boot) return // another build (the service worker's)
      const entry = closure(boot)
      const start = new Set(START_ENTRIES.flatMap((file) => [...closure(path.join(root, file))]))
      // Each feature's screens (the modules the app loads lazily) and what they import statically.
      const screensOf = new Map<string, Set<string>>()
      const screens = ids.filter(
        (id) => featureOf(id) && (info(id)?.dynamicImporters.length ?? 0) > 0,
      )
      for (const screen of screens) {
        for (const used of closure(screen)) {
          if (!screensOf.has(used)) screensOf.set(used, new Set())
          screensOf.get(used)!.add(screen)
        }
      }
      for (const id of ids) {
        if (entry.has(id) || !start.has(id)) continue
        const pkg = packageOf(id)
        if (
          pkg
            ? !REACT_PACKAGES.includes(pkg)
            : isVirtual(id) || sharedLayers.some((dir) => id.startsWith(dir))
        ) {
          marked.add(id)
        }
      }
      for (const [id, by] of screensOf) {
        const feature = featureOf(id)
        if (
          feature &&
          !screens.includes(id) &&
          !start.has(id) &&
          [...by].filter((s) => featureOf(s) === feature).length >= 2
        ) {
          featureShared.set(id, feature)
        }
      }
    },
  }
  return {
    plugin,
    has: (id) => marked.has(id),
    react: (id) => REACT_PACKAGES.includes(packageOf(id) ?? ''),
    featureShared: (id) => featureShared.get(id) ?? null,
    signedInUi: (id) => signedInUi.has(id) || packageOf(id) === 'lucide-react',
  }
}
