/**
 * The offline banner, the one message of being offline: while the browser is offline it says that
 * the screen shows the last saved data (the persisted stores and the service worker's cached API
 * answers) and how many requests (reward claims, withdrawals) wait on this phone to be sent.
 * Screens add no offline error of their own.
 */
import { useOnline } from '@/lib/use-online'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { pluralForm } from '@/i18n/format'
import { formatIndianNumber } from '@contract/rules'
import { t } from '@/i18n/i18n'

export function OfflineNotice() {
  const online = useOnline()
  const waiting = useOutboxItems().filter((item) => item.state === 'pending').length
  if (online) return null
  return (
    <div className="offline-notice" role="status" aria-live="polite" data-testid="offline-notice">
      {t('You are offline. Showing your last saved data.')}
      {waiting > 0
        ? ` ${t(
            '{form, select, one {{count} request waits} other {{count} requests wait}} to be sent when you are back online.',
            { form: pluralForm(waiting), count: formatIndianNumber(waiting) },
          )}`
        : null}
    </div>
  )
}
