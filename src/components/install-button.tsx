/**
 * "Install app": a button shown once the browser has offered installation (`beforeinstallprompt`,
 * kept by src/lib/install-prompt.ts since the page's start), which opens the browser's install
 * dialog; on iOS Safari, which has no such offer, a one-line "Add to Home Screen" hint. Nothing
 * shows in the installed app. Used on the landing and the dashboard.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { DownloadIcon } from './download-icon'
import { t } from '@/i18n/i18n'
import { canInstall, promptInstall, subscribeInstall } from '@/lib/install-prompt'

/** Whether the page runs as the installed app (standalone display, or iOS's home-screen app). */
function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true
}

/** Whether this is Safari on an iPhone or iPad (where Share → Add to Home Screen installs). */
function isIosSafari(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent
  const ios = /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && nav.maxTouchPoints > 1)
  // Chrome, Firefox and Edge on iOS name themselves; only Safari can add to the home screen.
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua)
}

export function InstallButton() {
  // The server render (and hydration) see no offer: the button appears after, if at all.
  const offered = useSyncExternalStore(subscribeInstall, canInstall, () => false)
  const [iosHint, setIosHint] = useState(false)
  useEffect(() => setIosHint(isIosSafari() && !isStandalone()), [])
  if (offered) {
    return (
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void promptInstall()}
        data-testid="install-app"
      >
        <DownloadIcon />
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
