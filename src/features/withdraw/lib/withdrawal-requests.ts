/**
 * The withdrawal request as a kind of outbox item (docs/product.md#transparency, #api, #deviations): sent to
 * `POST /add-withdraw/`; when one reaches the server in the background the user is told and their
 * details are fetched again (the debit and the conditions change).
 */
import { notify } from '@/lib/notify'
import { defineOutboxKind } from '@/lib/outbox/outbox-kinds'
import { WITHDRAWAL_KIND } from '@/lib/outbox/queued-withdrawals'
import { refreshUser } from '@/stores/get-user'
import { msg, t } from '@/i18n/i18n'
import { apiErrorText } from '@/lib/api-error-text'
import type { WithdrawBody } from '@contract/api/earning'

/** The request: the payout in whole rupees (fee excluded) and the UPI ID it goes to. */
export type WithdrawalRequest = WithdrawBody & Record<string, unknown>

/**
 * The id of the one toast a withdrawal's result shows: the success text, which the notification
 * offer (../components/push-offer.tsx) then grows into, so messages never stack.
 */
export const WITHDRAWAL_TOAST_ID = 'withdrawal-result'

/** docs/product.md#messages's success text. */
export const WITHDRAW_OK = msg('Withdrawal request submitted successfully!')

/** Why a withdrawal was refused, for a toast or the wallet. */
export function describeWithdrawalError(message: string | undefined): string {
  return message || t('There was an issue with your withdrawal request. Please try again.')
}

export const WITHDRAWAL_REQUESTS = defineOutboxKind<WithdrawalRequest, unknown>({
  name: WITHDRAWAL_KIND,
  path: 'add-withdraw/',
  onDone() {
    notify.success(t(WITHDRAW_OK), { id: WITHDRAWAL_TOAST_ID })
    refreshUser().catch(() => undefined)
  },
  onFinal(error) {
    notify.error(describeWithdrawalError(apiErrorText(error)), { id: WITHDRAWAL_TOAST_ID })
  },
  describeError: (error) => describeWithdrawalError(apiErrorText(error)),
})
