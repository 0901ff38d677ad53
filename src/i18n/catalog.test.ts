/**
 * The Hindi catalog is complete and has nothing stale: every message the source uses (`t('…')`,
 * `msg('…')`, `<T id="…">`, found by a TypeScript AST scan) has a Hindi entry, every entry is used,
 * placeholders and elements match the English, and the catalog compiles.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { extractMessages } from './extract-messages'

const src = path.resolve(import.meta.dirname, '..')
const hindi = JSON.parse(fs.readFileSync(path.join(src, 'i18n/locales/hi.json'), 'utf8')) as Record<
  string,
  string
>
// The screens, and the rules and checks of contract/ whose messages they show.
const found = [src, path.resolve(src, '../contract')].map((dir) => extractMessages(dir))
const messages = found.flatMap((f) => f.messages)
const dynamic = found.flatMap((f) => f.dynamic)

/** Texts whose Hindi stays in Latin script, as PhonePe or Paytm show them (UPI ID, OTP, PIN…). */
const LATIN_KEPT = new Set<string>(['UPI ID', 'Watch & Earn'])

/** The `{name}` placeholders and `<n>` elements of a message, sorted. */
function slots(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)/g), ...message.matchAll(/<\/?(\d+)\/?>/g)].map(
    (m) => m[0],
  )
  return [...new Set(names)].sort()
}

describe('the Hindi catalog', () => {
  it('finds the messages of the screens (the scan works)', () => {
    expect(messages.length).toBeGreaterThan(20)
    expect(messages.map((m) => m.id)).toContain('Wallet')
  })

  it('has a Hindi translation of every message the source uses', () => {
    const missing = messages.filter((m) => !hindi[m.id]?.trim()).map((m) => `${m.at}: ${m.id}`)
    expect(missing).toEqual([])
  })

  it('has no entry the source no longer uses', () => {
    const used = new Set(messages.map((m) => m.id))
    expect(Object.keys(hindi).filter((id) => !used.has(id))).toEqual([])
  })

  it('passes every message as a literal (or a msg() value by name), so the scan sees it', () => {
    expect(dynamic).toEqual([])
  })

  it('keeps each message’s placeholders and elements, and every entry compiles', () => {
    const broken = Object.entries(hindi).filter(([english, text]) => {
      compileMessage(text)
      return slots(english).join() !== slots(text).join()
    })
    expect(broken).toEqual([])
  })

  it('is Hindi: every translation has Devanagari in it, except names Indian apps keep in Latin script', () => {
    const latinOnly = Object.entries(hindi).filter(
      ([english, text]) => !/[\u0900-\u097F]/.test(text) && !LATIN_KEPT.has(english),
    )
    expect(latinOnly).toEqual([])
  })
})
