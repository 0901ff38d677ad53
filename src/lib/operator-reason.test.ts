/**
 * Operators' reasons: free text stays the operator's words, with the language it is written in; the
 * reasons the server writes itself read in the page's language.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { activateLocale } from '@/i18n/i18n'
import { reasonLine, shownReason } from './operator-reason'

afterAll(() => activateLocale('en'))

describe('an operator’s reason', () => {
  it('is kept as written, marked English or Hindi by its script', async () => {
    await activateLocale('hi')
    expect(shownReason('  UPI ID closed ')).toEqual({
      text: 'UPI ID closed',
      known: false,
      lang: 'en',
    })
    expect(shownReason('यूपीआई आईडी बंद है')).toEqual({
      text: 'यूपीआई आईडी बंद है',
      known: false,
      lang: 'hi',
    })
    expect(shownReason('1234 5678').lang).toBeUndefined()
  })

  it('is translated when the server wrote it (command-line defaults, bank statuses)', async () => {
    await activateLocale('hi')
    expect(shownReason('rejected from the command line')).toEqual({
      text: 'आपका भुगतान हम तक नहीं पहुँचा।',
      known: true,
      lang: undefined,
    })
    expect(shownReason('bank says returned').text).toBe('बैंक ने भुगतान लौटा दिया।')
    expect(shownReason('bank says failed').text).toBe('बैंक भुगतान नहीं भेज सका।')
    // An unknown bank status is the bank file's words.
    expect(shownReason('bank says onhold')).toMatchObject({ known: false, lang: 'en' })
    await activateLocale('en')
    expect(shownReason('failed from the command line').text).toBe('The payout could not be made.')
  })

  it('reads as one labelled line in the page’s language', async () => {
    await activateLocale('hi')
    expect(reasonLine('many accounts from one phone')).toBe(
      'हमारी टीम का बताया कारण: “many accounts from one phone”',
    )
    // A reason the server wrote itself is the page's own words: no quotation marks.
    expect(reasonLine('bank says rejected')).toBe(
      'हमारी टीम का बताया कारण: बैंक ने भुगतान अस्वीकार कर दिया।',
    )
    await activateLocale('en')
    expect(reasonLine('many accounts from one phone')).toBe(
      'Reason given by our team: “many accounts from one phone”',
    )
  })
})
