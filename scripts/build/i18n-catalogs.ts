// The i18n catalogs of the PWA (src/i18n/i18n.ts), compiled at build time with Lingui's own message
// compiler, so the browser never needs the compiler:
// - `import('…/locales/hi.json?lingui')`: the Hindi catalog (English text → Hindi), compiled;
// - `virtual:i18n/en`: the English plurals and selects (`{n, plural, …}`), compiled from the
//   Hindi catalog's keys (every key the code uses is one of them, src/i18n/catalog.test.ts);
//   other English texts need no entry (src/i18n/i18n.ts `t` fills their `{name}` placeholders).
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { compileMessage } from '@lingui/message-utils/compileMessage'

const VIRTUAL_EN = 'virtual:i18n/en'
const RESOLVED_EN = `\0${VIRTUAL_EN}`
const CATALOG = /\.json\?lingui$/

/** Reads a catalog file: an object of English text → translation. @throws on any other shape. */
export function readCatalog(file: string): Record<string, string> {
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${file}: not an object`)
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') throw new Error(`${file}: the entry "${key}" is not a string`)
  }
  return data as Record<string, string>
}

function compiled(messages: Record<string, string>): string {
  const out = Object.fromEntries(
    Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]),
  )
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(out))})\n`
}

/** The Vite plugin; `root` is the project's directory. */
export function i18nCatalogs(root: string): Plugin {
  const hindi = path.join(root, 'src/i18n/locales/hi.json')
  return {
    name: 'i18n-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id === VIRTUAL_EN ? RESOLVED_EN : null
    },
    load(id) {
      if (id === RESOLVED_EN) {
        this.addWatchFile(hindi)
        const english = Object.keys(readCatalog(hindi)).filter((key) => /\{\w+,/.test(key))
        return compiled(Object.fromEntries(english.map((key) => [key, key])))
      }
      if (CATALOG.test(id)) {
        const file = id.replace(/\?lingui$/, '')
        this.addWatchFile(file)
        return compiled(readCatalog(file))
      }
      return null
    },
  }
}
