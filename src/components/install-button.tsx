/**
 * "Install app" (issue 16): a button shown once the browser has offered installation
 * (`beforeinstallprompt`, kept by src/lib/install-prompt.ts since the page's start), which opens
 * the browser's install dialog; on iOS Safari, which has no such offer, a one-line "Add to Home
 * Screen" hint. Nothing shows in the installed app. Used on the landing and the dashboard.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { Download } from 'lucide-react'
import { canInstall, isIosSafari, isStandalone, promptInstall, subscribeInstall } from '@/lib/install-prompt'
import { t } from '@/i18n/i18n'

export function InstallButton() {
  // The build's prerender (and hydration) see no offer: the button appears after, if at all.
  const offered = useSyncExternalStore(subscribeInstall, canInstall, () => false)
  const [iosHint, setIosHint] = useState(false)
  useEffect(() => setIosHint(isIosSafari() && !isStandalone()), [])
  if (offered) {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => void promptInstall()} data-testid="install-app">
        <Download aria-hidden="true" size={20} />
        {t('Install app')}
      </button>
    )
  }
  if (iosHint) {
    return (
      <p className="muted install-hint" data-testid="ios-install-hint">
        {t('Install the app: tap Share, then “Add to Home Screen”.')}
      </p>
    )
  }
  return null
}
