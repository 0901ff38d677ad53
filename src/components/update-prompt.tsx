/**
 * The "update available" prompt: shown while a new version of the app waits (the service worker
 * bridge says so); Reload applies it and reloads the page.
 */
import { applyUpdate, useUpdateAvailable } from '@/lib/sw-bridge'
import { t } from '@/i18n/i18n'

export function UpdatePrompt() {
  const updateAvailable = useUpdateAvailable()
  if (!updateAvailable) return null
  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <span>{t('A new version is available.')}</span>
      <button type="button" className="btn btn-small" onClick={applyUpdate}>
        {t('Reload')}
      </button>
    </div>
  )
}
