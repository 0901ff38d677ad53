/**
 * The offline banner, the one message of being offline: while the browser is offline it says that
 * the screen shows the last saved data (the persisted stores and the service worker's cached API
 * answers) and how many requests (reward claims, withdrawals) wait on this phone to be sent.
 * Screens add no offline error of their own. While shown, its height is the root's
 * `--offline-notice-height`, so the result toasts sit under it (src/app/app.tsx).
 */
import { useLayoutEffect, useRef } from 'react'
import { useOnline } from '@/lib/use-online'
import { useOutboxItems } from '@/lib/outbox/outbox-store'
import { pluralForm } from '@/i18n/format'
import { formatIndianNumber } from '@contract/rules'
import { t } from '@/i18n/i18n'

export function OfflineNotice() {
  const online = useOnline()
  const waiting = useOutboxItems().filter((item) => item.state === 'pending').length
  const banner = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = banner.current
    if (!element) return
    const root = document.documentElement
    const measure = () =>
      root.style.setProperty('--offline-notice-height', `${element.offsetHeight}px`)
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('--offline-notice-height')
    }
  }, [online])
  if (online) return null
  return (
    <div
      ref={banner}
      className="offline-notice"
      role="status"
      aria-live="polite"
      data-testid="offline-notice"
    >
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
