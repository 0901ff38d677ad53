/**
 * The wallet's "Get notified when money moves" card: turns this device's push notifications on from
 * a tap (never on page load), or off, and says plainly when they cannot work here (no Push API, iOS
 * outside the installed app) or were blocked in the browser.
 * Part of the wallet's first frame (its state is known at once unless notifications are allowed,
 * `pushStateNow`): loaded later, this card was the screen's largest paint, a second after the
 * saved copy (docs/benchmarks.md, the web benchmark).
 */
import { useEffect, useId, useState } from 'react'
import {
  pushState,
  pushStateNow,
  turnOffPush,
  turnOnPush,
  type PushState,
} from '@/lib/push-subscription'
import { logFailure } from '@/lib/log-failure'
import { msg, t } from '@/i18n/i18n'

export const PUSH_TEXTS = {
  title: msg('Get notified when money moves'),
  pitch: msg(
    'We tell you when a payment is confirmed or rejected and when a withdrawal is paid or fails.',
  ),
  turnOn: msg('Turn on notifications'),
  on: msg('Notifications are on for this device.'),
  turnOff: msg('Turn off'),
  denied: msg(
    'Notifications are blocked for this site. To get them, allow notifications in your browser’s site settings.',
  ),
  unsupported: msg('This browser cannot show notifications from this app.'),
  iosInstall: msg(
    'On iPhone, add this app to your Home Screen (Share, then Add to Home Screen) to get notifications.',
  ),
  failed: msg('Could not turn on notifications. Please try again.'),
} as const

export default function PushOptIn() {
  const titleId = useId()
  const [state, setState] = useState<PushState | null>(pushStateNow)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    // Allowed notifications: whether this device is subscribed asks the worker's registration.
    if (pushStateNow() !== null) return undefined
    let live = true
    void pushState().then((s) => live && setState(s))
    return () => {
      live = false
    }
  }, [])

  if (state === null) return null

  const turnOn = async () => {
    setBusy(true)
    setFailed(false)
    try {
      setState(await turnOnPush())
    } catch (error) {
      logFailure('push subscribe failed', error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  const turnOff = async () => {
    setBusy(true)
    await turnOffPush()
    setState(await pushState())
    setBusy(false)
  }

  return (
    <section className="card stack push-opt-in" aria-labelledby={titleId} data-testid="push-opt-in">
      <h2 id={titleId}>{t(PUSH_TEXTS.title)}</h2>
      {state === 'off' ? (
        <>
          <p className="muted">{t(PUSH_TEXTS.pitch)}</p>
          <button type="button" className="btn" disabled={busy} onClick={() => void turnOn()}>
            {t(PUSH_TEXTS.turnOn)}
          </button>
        </>
      ) : null}
      {state === 'on' ? (
        <p className="ok-text" role="status">
          {t(PUSH_TEXTS.on)}{' '}
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => void turnOff()}
          >
            {t(PUSH_TEXTS.turnOff)}
          </button>
        </p>
      ) : null}
      {state === 'denied' ? <p className="muted">{t(PUSH_TEXTS.denied)}</p> : null}
      {state === 'unsupported' ? <p className="muted">{t(PUSH_TEXTS.unsupported)}</p> : null}
      {state === 'ios-needs-install' ? <p className="muted">{t(PUSH_TEXTS.iosInstall)}</p> : null}
      {failed ? (
        <p className="error-text" role="alert">
          {t(PUSH_TEXTS.failed)}
        </p>
      ) : null}
    </section>
  )
}
