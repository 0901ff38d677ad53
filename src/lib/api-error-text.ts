/**
 * The API's refusals in the visitor's language. The server answers `{message, code}` in English
 * (docs/product.md#api); on a Hindi page the message is shown in Hindi: the catalog's own translation when
 * the server's words are a catalog message (docs/product.md#messages's texts, the shared input checks of
 * contract/validation.ts), else the Hindi of its `code` (./api-error-codes.ts), with the numbers
 * the answer carries (`retry_after_seconds`, `referral_count`, …), else the server's English.
 * ./api-error-text.test.ts fails when a code the product API can send to the PWA has no entry here.
 */
import { i18n, t } from '@/i18n/i18n'
import { reasonLine } from './operator-reason'
import { whenSettled } from './when-idle'

let texts: Record<string, string> | null = null
let loading: Promise<void> | null = null

/**
 * Loads the code → text table (./api-error-codes.ts, its own chunk). Resolves once it is there,
 * or when it could not load (then the server's English is shown, and the next call tries again).
 */
export function loadApiErrorTexts(): Promise<void> {
  loading ??= import('./api-error-codes').then(
    (module) => {
      texts = module.API_ERROR_TEXTS
    },
    () => {
      loading = null
    },
  )
  return loading
}

/**
 * A Hindi page fetches the table once its first screen has settled, so a refusal that arrives
 * later (an outbox item, whose sending starts then too; a toast) finds it there, and its request
 * is not one more before a Hindi screen's first frame on a slow network (docs/product.md#budgets,
 * LCP). A refusal read before then waits for it (the HTTP client's `readApiError`).
 */
function loadWhenHindi(): void {
  // The server's render of a page (src/entry-server.tsx) shows no refusal.
  if (i18n.locale === 'hi' && typeof window !== 'undefined') {
    whenSettled(() => void loadApiErrorTexts())
  }
}
loadWhenHindi()
i18n.on('change', loadWhenHindi)

/**
 * A refusal as the API reports it (`{message, code}` and the body's extra fields beside them) or
 * as the outbox keeps it (the extra fields under `extra`).
 */
export interface ApiErrorLike {
  message?: string
  code?: string
  extra?: Record<string, unknown>
}

/** The whole number in `value`, or `fallback` when there is none. */
function whole(value: unknown, fallback: number): number {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? Math.ceil(n) : fallback
}

/** The ₹ amount in an English message ("… of ₹999 to …"), for texts that name it. */
function rupeesIn(message: string): string {
  return /₹[\d,.]+/.exec(message)?.[0] ?? ''
}

/**
 * The text to show for a refusal in the active language: on an English page the server's message
 * as it is; on a Hindi page the catalog's translation of that message, else the Hindi of its
 * code (followed by the operator's reason, labelled, when the answer carries one: `reason` of
 * ACCOUNT_SUSPENDED), else the server's English (an unknown code). '' when there is no message
 * and no known code (the caller shows its own product text then). Synchronous: before the code table has loaded
 * (just after switching to Hindi) a refusal not in the catalog keeps the server's English;
 * `readApiError` awaits `loadApiErrorTexts` first.
 */
export function apiErrorText(error: ApiErrorLike | null | undefined): string {
  const message = error?.message ?? ''
  // The outbox keeps the body's extra fields under `extra` (src/lib/outbox/outbox-types.ts).
  const fields: Record<string, unknown> = { ...error?.extra, ...error }
  if (i18n.locale !== 'hi') return message
  if (message && Object.hasOwn(i18n.messages, message)) return t(message)
  const text = error?.code ? texts?.[error.code] : undefined
  if (!text) return message
  const seconds = whole(fields.retry_after_seconds, 0)
  // An operator's reason (ACCOUNT_SUSPENDED) is their own words: shown after the translation,
  // labelled as theirs, since the English message it sits in is not shown.
  const reason =
    typeof fields.reason === 'string' && fields.reason.trim() ? ` ${reasonLine(fields.reason)}` : ''
  const translated = t(text, {
    seconds,
    minutes: Math.max(1, Math.ceil(seconds / 60)),
    hours: Math.max(1, Math.ceil(seconds / 3600)),
    count: whole(fields.referral_count ?? fields.views, 0),
    needed: whole(fields.referrals_needed ?? fields.videos_needed, 0),
    tries: whole(fields.tries_left, 0),
    rupees: rupeesIn(message),
    fee: rupeesIn(message),
  })
  return translated + reason
}
