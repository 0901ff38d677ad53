/**
 * The withdrawal request as a kind of outbox item (DECISIONS §4, §6, §9): sent to
 * `POST /add-withdraw/`; when one reaches the server in the background the user is told and their
 * details are fetched again (the debit and the conditions change).
 */
import toast from 'react-hot-toast'
import { defineOutboxKind } from '@/lib/outbox/outbox-kinds'
import { refreshUser } from '@/stores/get-user'
import { t } from '@/i18n/i18n'
import { apiErrorText } from '@/lib/api-error-text'
import type { WithdrawBody } from '@contract/api/earning'

/** The request: the payout in whole rupees (fee excluded) and the UPI ID it goes to. */
export type WithdrawalRequest = WithdrawBody & Record<string, unknown>

/** Why a withdrawal was refused, for a toast or the wallet. */
export function describeWithdrawalError(message: string | undefined): string {
  return message || t('There was an issue with your withdrawal request. Please try again.')
}

export const WITHDRAWAL_REQUESTS = defineOutboxKind<WithdrawalRequest, unknown>({
  name: 'withdrawal',
  path: 'add-withdraw/',
  onDone() {
    toast.success(t('Withdrawal request submitted successfully!'))
    refreshUser().catch(() => undefined)
  },
  onFinal(error) {
    toast.error(describeWithdrawalError(apiErrorText(error)))
  },
  describeError: (error) => describeWithdrawalError(apiErrorText(error)),
})
