/**
 * Operators' reasons shown to a user: why an order was rejected, a payout failed or the account is
 * suspended. An operator writes them in free text (the console, `npm run ops`), which cannot be
 * machine-translated, so a page shows them as the operator's words under a translated label
 * ("Reason given by our team:"). The few reasons the server writes itself (the command line's
 * defaults, a bank result file's status: contract/server-words.ts) are known messages and are shown
 * in the page's language instead.
 */
import { t } from '@/i18n/i18n'
import { knownReasonMessage } from '@contract/server-words'

/** A reason ready to show: the page's own words for a known one, else the operator's words. */
export interface ShownReason {
  /** The text to show. */
  text: string
  /** True: the text is a message in the page's language; false: the operator's own words. */
  known: boolean
  /**
   * The language of the operator's words for `lang` (`hi` when written in Devanagari, `en` when
   * in Latin script), undefined when unknown or when `known`.
   */
  lang: 'hi' | 'en' | undefined
}

/**
 * What to show for an operator's stored `reason` (a rejected order's, a failed payout's, a
 * suspension's), in the active language. Call while rendering or when a toast is raised.
 */
export function shownReason(reason: string): ShownReason {
  const known = knownReasonMessage(reason)
  if (known) return { text: t(known), known: true, lang: undefined }
  const text = reason.trim()
  const lang = /[\u0900-\u097F]/.test(text) ? 'hi' : /[A-Za-z]/.test(text) ? 'en' : undefined
  return { text, known: false, lang }
}

/**
 * An operator's reason as one line of text, with its label: "Reason given by our team: “…”" (for
 * a toast or a message, where no element can carry the words' language); the operator's own
 * words in quotation marks, a known reason without.
 */
export function reasonLine(reason: string): string {
  const shown = shownReason(reason)
  return t('Reason given by our team: {reason}', {
    reason: shown.known ? shown.text : `“${shown.text}”`,
  })
}
