/**
 * After a withdrawal request succeeds: the success toast grows an offer to notify this device when
 * the withdrawal is paid (one message, never a second toast over the first), only where push can
 * work and is neither on nor blocked, and not again once declined. The permission prompt opens
 * only from its button. Loaded lazily on success.
 */
import { notify } from '@/lib/notify'
import { pushState, turnOnPush } from '@/lib/push-subscription'
import { logFailure } from '@/lib/log-failure'
import { msg, t } from '@/i18n/i18n'
import { WITHDRAWAL_TOAST_ID, WITHDRAW_OK } from '../lib/withdrawal-requests'

export const OFFER_TEXT = msg('Get notified when this withdrawal is paid?')
export const OFFER_YES = msg('Notify me')
export const OFFER_NO = msg('Not now')
export const OFFER_DONE = msg('Notifications are on for this device.')
export const OFFER_FAILED = msg(
  'Could not turn on notifications. You can try again from your wallet.',
)

/** localStorage key set when the user declines, so the offer is not repeated on every request. */
const DECLINED_KEY = 'push-offer-declined'

/** Shows the offer when it fits (see the module comment); never throws. */
export async function offerPushAfterWithdrawal(): Promise<void> {
  try {
    if (localStorage.getItem(DECLINED_KEY) || (await pushState()) !== 'off') return
  } catch {
    return
  }
  notify.custom(
    (dismiss) => (
      <span className="push-offer">
        {t(WITHDRAW_OK)} {t(OFFER_TEXT)}{' '}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            dismiss()
            turnOnPush().then(
              (state) => state === 'on' && notify.success(t(OFFER_DONE)),
              (error: unknown) => {
                logFailure('push subscribe failed', error)
                notify.error(t(OFFER_FAILED))
              },
            )
          }}
        >
          {t(OFFER_YES)}
        </button>{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            localStorage.setItem(DECLINED_KEY, '1')
            dismiss()
          }}
        >
          {t(OFFER_NO)}
        </button>
      </span>
    ),
    { id: WITHDRAWAL_TOAST_ID, duration: 15_000 },
  )
}
