/**
 * The committed Devanagari font is the subset scripts/subset-devanagari.ts cuts from the
 * @fontsource file, the stylesheet and the app declare the characters it has, and every
 * Devanagari character of the Hindi catalog is one of them (docs/product.md#budgets).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  SUBSET_FILE,
  SUBSET_RANGE,
  devanagariSubset,
  subsetCharacters,
} from '../../scripts/build/devanagari-subset.ts'

describe('the Devanagari font subset', () => {
  it('is what the script makes from the installed @fontsource file', async () => {
    const made = await devanagariSubset()
    expect(Buffer.compare(fs.readFileSync(SUBSET_FILE), made)).toBe(0)
  })

  it('is declared with its characters in the stylesheet and the app', () => {
    for (const file of ['src/i18n/devanagari.css', 'src/i18n/devanagari-font.ts']) {
      const source = fs.readFileSync(file, 'utf8')
      expect(source).toContain(SUBSET_RANGE)
      expect(source).toContain(`./fonts/${path.basename(SUBSET_FILE)}`)
    }
  })

  it('has every Devanagari character the Hindi catalog writes', () => {
    const catalog = JSON.parse(fs.readFileSync('src/i18n/locales/hi.json', 'utf8')) as Record<
      string,
      string
    >
    // Devanagari, Vedic Extensions, North Indic number forms, Devanagari Extended, ZWNJ and ZWJ.
    const ranges: [number, number][] = [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa830, 0xa83f],
      [0xa8e0, 0xa8ff],
      [0x200c, 0x200d],
    ]
    const indic = (c: string) => {
      const code = c.codePointAt(0) ?? 0
      return ranges.some(([from, to]) => code >= from && code <= to)
    }
    const used = new Set([...Object.values(catalog).join('')].filter(indic))
    expect(used.size).toBeGreaterThan(40)
    const inSubset = new Set(subsetCharacters())
    expect([...used].filter((c) => !inSubset.has(c))).toEqual([])
  })
})
