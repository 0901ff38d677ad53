/**
 * An operator's reason on a screen (src/lib/operator-reason.ts): the translated label, then the
 * reason, the operator's own words quoted and marked with their language (so a screen reader on a
 * Hindi page reads English words as English), or a known reason in the page's words.
 */
import { shownReason } from '@/lib/operator-reason'
import { t } from '@/i18n/i18n'

/** "Reason given by our team: “…”" for a stored `reason` (a non-empty string). */
export function OperatorReason({ reason, className }: { reason: string; className?: string }) {
  const shown = shownReason(reason)
  return (
    <span className={className} data-testid="operator-reason">
      {t('Reason given by our team:')}{' '}
      {shown.known ? shown.text : <q lang={shown.lang}>{shown.text}</q>}
    </span>
  )
}
