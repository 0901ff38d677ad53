/**
 * The offline banner: while the browser is offline, says that the screen shows the last saved
 * data (the persisted stores and the service worker's cached API answers).
 */
import { useOnline } from '@/lib/use-online'
import { t } from '@/i18n/i18n'

export function OfflineNotice() {
  const online = useOnline()
  if (online) return null
  return (
    <div className="offline-notice" role="status" aria-live="polite">
      {t('You are offline. Showing your last saved data.')}
    </div>
  )
}
