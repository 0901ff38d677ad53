import { t } from '@/i18n/i18n'

/** A centred loading indicator for a screen whose code or data is on its way. */
export function PageSpinner({ label = t('Loading…') }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
