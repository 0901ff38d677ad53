/**
 * What a money notification says in Hindi: the seeded plan types by their Hindi names, an
 * operator's reason quoted under a Hindi label as their words, a reason the server wrote itself in
 * Hindi; and the server's Hindi for those words is the PWA catalog's.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HINDI_SERVER_WORDS, moneyMessage } from '../../server/push/messages.ts'
import { SERVER_WORD_MESSAGES } from '../../contract/server-words.ts'

const hindi = JSON.parse(fs.readFileSync('src/i18n/locales/hi.json', 'utf8')) as Record<
  string,
  string
>

const order = (over: { plan?: string | null; reason?: string | null }) => ({
  kind: 'order_confirmed' as const,
  orderId: 'WE0000000000000001',
  amount: 1999,
  plan: 'Gold',
  reason: null,
  ...over,
})

const failedPayout = (reason: string | null) => ({
  kind: 'withdrawal_failed' as const,
  withdrawalId: 7,
  amount: 300,
  upiId: 'asha@okaxis',
  reference: null,
  reason,
  coins: 30_100,
})

describe('money notifications in Hindi', () => {
  it('have the catalog’s Hindi for every word the server stores in English', () => {
    expect(Object.keys(HINDI_SERVER_WORDS).sort()).toEqual([...SERVER_WORD_MESSAGES].sort())
    for (const [english, text] of Object.entries(HINDI_SERVER_WORDS))
      expect(text, english).toBe(hindi[english])
  })

  it('name a seeded plan type in Hindi and keep a type an operator made up', () => {
    expect(moneyMessage(order({ plan: 'Gold' }), 'hi').body).toBe(
      'गोल्ड प्लान के लिए आपके ₹1,999 के भुगतान की पुष्टि हो गई है।',
    )
    expect(moneyMessage(order({ plan: 'Diwali Special' }), 'hi').body).toContain(
      'Diwali Special प्लान',
    )
    expect(moneyMessage(order({ plan: 'Gold' }), 'en').body).toBe(
      'Your ₹1,999 payment for the Gold plan is confirmed.',
    )
  })

  it('quote an operator’s reason under a Hindi label, and say a known one in Hindi', () => {
    const rejected = {
      ...order({ reason: 'no such payment in the statement' }),
      kind: 'order_rejected' as const,
    }
    expect(moneyMessage(rejected, 'hi').body).toBe(
      'हम आपके ₹1,999 के भुगतान (ऑर्डर WE0000000000000001) की पुष्टि नहीं कर सके। हमारी टीम का बताया कारण: “no such payment in the statement”',
    )
    expect(moneyMessage(failedPayout('bank says returned'), 'hi').body).toBe(
      '₹300 asha@okaxis पर नहीं भेजे जा सके। 30,100 कॉइन आपके बैलेंस में वापस आ गए हैं। हमारी टीम का बताया कारण: बैंक ने भुगतान लौटा दिया।',
    )
    expect(moneyMessage(failedPayout(null), 'hi').body).toBe(
      '₹300 asha@okaxis पर नहीं भेजे जा सके। 30,100 कॉइन आपके बैलेंस में वापस आ गए हैं।',
    )
    expect(moneyMessage(failedPayout('bank says returned'), 'en').body).toBe(
      '₹300 could not be sent to asha@okaxis (The bank returned the payout). 30,100 coins are back in your balance.',
    )
  })
})
