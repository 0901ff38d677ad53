/**
 * What a money notification says: the title and body in the device's language (English or Hindi),
 * with the amounts of the order or withdrawal as the database holds them after the change; in Hindi
 * the seeded plan types by their Hindi names and an operator's reason labelled as their words.
 * Every notification opens the wallet (`url: '/wallet'`); its `tag` names the record, so a later
 * notification about the same order or withdrawal replaces the earlier one.
 */
import type { Db } from '../db/index.ts'
import type { PushLanguage } from '../db/schema/push.ts'
import type { MoneyEvent } from '../context.ts'
import { formatIndianNumber, formatRupees } from '../../contract/rules.ts'
import { knownReasonMessage, planTypeMessage } from '../../contract/server-words.ts'

/**
 * The Hindi of contract/server-words.ts' messages (the seeded plan types, the reasons the server
 * writes itself), as the PWA's catalog has them (src/i18n/locales/hi.json; the push messages'
 * test checks they are the same).
 */
export const HINDI_SERVER_WORDS: Record<string, string> = {
  Free: 'फ़्री',
  Silver: 'सिल्वर',
  Gold: 'गोल्ड',
  Platinum: 'प्लैटिनम',
  'Your payment did not reach us.': 'आपका भुगतान हम तक नहीं पहुँचा।',
  'The payout could not be made.': 'भुगतान नहीं भेजा जा सका।',
  'The bank could not make the payout.': 'बैंक भुगतान नहीं भेज सका।',
  'The bank rejected the payout.': 'बैंक ने भुगतान अस्वीकार कर दिया।',
  'The bank returned the payout.': 'बैंक ने भुगतान लौटा दिया।',
}

/** A plan type's name in `lang`: the Hindi of a seeded type, else the type as stored. */
function planName(type: string, hi: boolean): string {
  const message = planTypeMessage(type)
  return hi && message ? (HINDI_SERVER_WORDS[message] ?? type) : type
}

/**
 * An operator's reason as a Hindi notification says it: a reason the server wrote itself in Hindi;
 * the operator's own words quoted under a Hindi label, since they cannot be translated. '' when
 * there is none.
 */
function hindiReason(reason: string | null): string {
  if (!reason) return ''
  const message = knownReasonMessage(reason)
  const known = message ? HINDI_SERVER_WORDS[message] : undefined
  return ` हमारी टीम का बताया कारण: ${known ?? `“${reason.trim().slice(0, 100)}”`}`
}

/** The JSON the service worker receives (sw/push.ts shows it). */
export interface PushPayload {
  title: string
  body: string
  url: '/wallet'
  tag: string
}

/** The record behind a money event, read after its transaction committed. Amounts in rupees. */
export type MoneyFacts =
  | {
      kind: 'order_confirmed' | 'order_rejected'
      orderId: string
      amount: number
      plan: string | null
      reason: string | null
    }
  | {
      kind: 'withdrawal_paid' | 'withdrawal_failed'
      withdrawalId: number
      amount: number
      upiId: string
      reference: string | null
      reason: string | null
      /** Coins returned to the balance (failed). */
      coins: number
    }

/** Reads the order or withdrawal `event` is about; null when it is gone. */
export async function factsOf(db: Db, event: MoneyEvent): Promise<MoneyFacts | null> {
  if ('orderId' in event) {
    const order = await db
      .selectFrom('orders')
      .leftJoin('membership_plans', 'membership_plans.id', 'orders.membership_plan_id')
      .select([
        'orders.order_id',
        'orders.amount',
        'orders.purpose',
        'orders.reason',
        'membership_plans.membership_type',
      ])
      .where('orders.order_id', '=', event.orderId)
      .executeTakeFirst()
    if (!order) return null
    return {
      kind: event.kind,
      orderId: order.order_id,
      amount: Number(order.amount),
      plan: order.purpose === 'membership' ? (order.membership_type ?? '') : null,
      reason: order.reason,
    }
  }
  const w = await db
    .selectFrom('withdrawals')
    .select(['id', 'amount', 'upi_id', 'upi_reference', 'reason', 'coins'])
    .where('id', '=', event.withdrawalId)
    .executeTakeFirst()
  if (!w) return null
  return {
    kind: event.kind,
    withdrawalId: w.id,
    amount: Number(w.amount),
    upiId: w.upi_id,
    reference: w.upi_reference,
    reason: w.reason,
    coins: Number(w.coins),
  }
}

/** The notification for `facts` in `lang`. */
export function moneyMessage(facts: MoneyFacts, lang: PushLanguage): PushPayload {
  const hi = lang === 'hi'
  const rupees = formatRupees(facts.amount)
  // English: a reason the server wrote itself in the words the PWA shows, else the operator's.
  const why = facts.reason
    ? (knownReasonMessage(facts.reason)?.replace(/\.$/, '') ?? facts.reason.slice(0, 100))
    : null
  switch (facts.kind) {
    case 'order_confirmed':
      return {
        title: hi ? 'भुगतान की पुष्टि हो गई' : 'Payment confirmed',
        body:
          facts.plan === null
            ? hi
              ? `आपके ${rupees} प्लेटफ़ॉर्म शुल्क की पुष्टि हो गई है।`
              : `Your platform fee of ${rupees} is confirmed.`
            : hi
              ? `${planName(facts.plan, true)} प्लान के लिए आपके ${rupees} के भुगतान की पुष्टि हो गई है।`
              : `Your ${rupees} payment for the ${facts.plan} plan is confirmed.`,
        url: '/wallet',
        tag: `order-${facts.orderId}`,
      }
    case 'order_rejected':
      return {
        title: hi ? 'भुगतान की पुष्टि नहीं हुई' : 'Payment not confirmed',
        body: hi
          ? `हम आपके ${rupees} के भुगतान (ऑर्डर ${facts.orderId}) की पुष्टि नहीं कर सके।${hindiReason(facts.reason)}`
          : `We could not confirm your ${rupees} payment (order ${facts.orderId})${why ? `: ${why}` : ''}.`,
        url: '/wallet',
        tag: `order-${facts.orderId}`,
      }
    case 'withdrawal_paid':
      return {
        title: hi ? 'निकासी का भुगतान हो गया' : 'Withdrawal paid',
        body: hi
          ? `${rupees} ${facts.upiId} पर भेज दिए गए हैं (UPI संदर्भ ${facts.reference ?? '-'})।`
          : `${rupees} was sent to ${facts.upiId} (UPI reference ${facts.reference ?? '-'}).`,
        url: '/wallet',
        tag: `withdrawal-${facts.withdrawalId}`,
      }
    case 'withdrawal_failed': {
      const coins = formatIndianNumber(facts.coins)
      return {
        title: hi ? 'निकासी नहीं हो सकी' : 'Withdrawal failed',
        body: hi
          ? `${rupees} ${facts.upiId} पर नहीं भेजे जा सके। ${coins} कॉइन आपके बैलेंस में वापस आ गए हैं।${hindiReason(facts.reason)}`
          : `${rupees} could not be sent to ${facts.upiId}${why ? ` (${why})` : ''}. ${coins} coins are back in your balance.`,
        url: '/wallet',
        tag: `withdrawal-${facts.withdrawalId}`,
      }
    }
  }
}
