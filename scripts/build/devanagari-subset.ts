/**
 * The Devanagari web font's subset (scripts/subset-devanagari.ts writes it, the build serves it,
 * tests/checks/devanagari-font.test.ts checks it): which characters, from which file, to where.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import subsetFont from 'subset-font'

/** The @fontsource file the subset is cut from. */
export const SOURCE_FONT =
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2'

/** The committed subset, from the project's root. */
export const SUBSET_FILE = 'src/i18n/fonts/noto-sans-devanagari-devanagari-400-normal.woff2'

/**
 * The subset's characters as a CSS unicode-range, as src/i18n/devanagari.css and
 * src/i18n/devanagari-font.ts declare them: the Devanagari block, ZWNJ and ZWJ, the dotted circle.
 */
export const SUBSET_RANGE = 'U+0900-097F, U+200C-200D, U+25CC'

/** Every character of SUBSET_RANGE, as one string (read from its `U+XXXX[-YYYY]` parts). */
export function subsetCharacters(): string {
  let characters = ''
  for (const [, from, to = from] of SUBSET_RANGE.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/g)) {
    for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++) {
      characters += String.fromCodePoint(code)
    }
  }
  return characters
}

/** Cuts the subset from SOURCE_FONT: WOFF2 bytes. */
export async function devanagariSubset(): Promise<Buffer> {
  const source = fs.readFileSync(createRequire(import.meta.url).resolve(SOURCE_FONT))
  return subsetFont(source, subsetCharacters(), { targetFormat: 'woff2' })
}
