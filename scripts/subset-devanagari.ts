// Cuts the Devanagari web font down to the characters Hindi is written in: the Devanagari block
// (U+0900–097F), the zero-width joiner and non-joiner, and the dotted circle the shaper draws a
// lone vowel sign on. The @fontsource file also carries Vedic signs, the Devanagari Extended
// block and North Indic number forms, which no Hindi text of the app uses and which cost every
// Hindi page 10 KB before its largest paint (docs/benchmarks.md, bench:web). The subset keeps
// every glyph and layout rule those characters reach (conjuncts, half forms, mark positions):
// HarfBuzz's subsetter, through the subset-font package.
// Run after upgrading @fontsource/noto-sans-devanagari: `npx tsx scripts/subset-devanagari.ts`;
// the file is committed (src/i18n/fonts/), and tests/checks/devanagari-font.test.ts fails when it
// is not what this script makes.
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { devanagariSubset, SUBSET_FILE } from './build/devanagari-subset.ts'

const out = fileURLToPath(new URL(`../${SUBSET_FILE}`, import.meta.url))
const font = await devanagariSubset()
fs.writeFileSync(out, font)
console.log(`${SUBSET_FILE}: ${font.length} bytes`)
