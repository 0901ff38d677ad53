/**
 * Words the server stores in English and a Hindi page or notification shows in Hindi: the plan
 * types the product seeds (server/db/seeds/earning.ts, docs/product.md#api) and the reasons the server writes
 * itself when an operator gives none (server/ops/commands.ts) or a bank result file gives a status
 * (server/ops/payouts.ts). Each is an English catalog message (`msg`): the PWA translates it with
 * `t()`, the server's push notifications with their own Hindi (server/push/messages.ts, checked
 * against the catalog by tests/api/push-messages.test.ts).
 * Anything else (a type an operator made up, an operator's free-text reason) is not translated.
 */
import { msg } from './msg.ts'

/** The seeded plan types' names, keyed by the type in lower case. */
export const PLAN_TYPE_NAMES: Record<string, string> = {
  free: msg('Free'),
  silver: msg('Silver'),
  gold: msg('Gold'),
  platinum: msg('Platinum'),
}

/** The reasons the server writes itself, by their exact stored text in lower case. */
const KNOWN_REASONS: Record<string, string> = {
  // `npm run ops -- reject-order <id>` without a reason: the payment never arrived.
  'rejected from the command line': msg('Your payment did not reach us.'),
  // `npm run ops -- fail-withdrawal <id>` without a reason.
  'failed from the command line': msg('The payout could not be made.'),
}

/** A bank result file's failed statuses (server/ops/payouts.ts writes `bank says <status>`). */
const BANK_STATUSES: Record<string, string> = {
  failed: msg('The bank could not make the payout.'),
  failure: msg('The bank could not make the payout.'),
  rejected: msg('The bank rejected the payout.'),
  returned: msg('The bank returned the payout.'),
  reversed: msg('The bank returned the payout.'),
}

/**
 * The catalog message (English) naming plan type `type` (matched without regard to case or
 * surrounding spaces); null for a type the catalog does not know.
 */
export function planTypeMessage(type: string): string | null {
  return PLAN_TYPE_NAMES[type.trim().toLowerCase()] ?? null
}

/**
 * The catalog message (English) for a stored reason the server wrote itself; null for an
 * operator's own words.
 */
export function knownReasonMessage(reason: string): string | null {
  const key = reason.trim().toLowerCase()
  const bank = /^bank says (\w+)$/.exec(key)?.[1]
  return KNOWN_REASONS[key] ?? (bank ? BANK_STATUSES[bank] : undefined) ?? null
}

/** Every message of this file, for the tests that check their translations. */
export const SERVER_WORD_MESSAGES: readonly string[] = [
  ...new Set([
    ...Object.values(PLAN_TYPE_NAMES),
    ...Object.values(KNOWN_REASONS),
    ...Object.values(BANK_STATUSES),
  ]),
]
