/**
 * The send half of the Withdraw screen (docs/product.md#flows, #withdrawals): the review sheet's
 * open state, and what Confirm there does. A known UPI ID goes through the outbox (queued when
 * offline); a new one is sent online only with the PIN, never stored, under one idempotency key
 * for as long as the sheet stays open, so a retry after a lost answer never debits twice.
 * Refusals send the user where the product says: the platform fee page, the refer page (n/3), or
 * one inline message (the minimum balance, or docs/product.md#messages' general failure).
 */
import { useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { notify } from '@/lib/notify'
import { refreshUser } from '@/stores/get-user'
import { dismissOutboxItem } from '@/lib/outbox/outbox'
import type { OutboxError } from '@/lib/outbox/outbox-types'
import { apiErrorText } from '@/lib/api-error-text'
import { msg, t } from '@/i18n/i18n'
import { formatRupees, type Rules } from '@contract/rules'
import { addWithdraw, addWithdrawWithPin } from '../api/add-withdraw'
import { WITHDRAWAL_TOAST_ID, WITHDRAW_OK } from '../lib/withdrawal-requests'

/** docs/product.md#messages texts. */
export const WITHDRAW_FAILED = msg(
  'There was an issue with your withdrawal request. Please try again.',
)
export const WITHDRAW_QUEUED = msg(
  'You are offline. Your withdrawal request is saved and will be sent when you are back online.',
)

/** Refusals of the PIN itself: shown under the PIN field, the sheet kept open for another try. */
const PIN_REFUSALS = new Set(['PIN_WRONG', 'ACCOUNT_LOCKED', 'VALIDATION', 'HASHING_BUSY'])

/** What the screen knows of the withdrawal it would send. */
export interface WithdrawRequest {
  /** The UPI ID as typed (trimmed before sending). */
  upiId: string
  /** What the user receives, in whole rupees: the amount minus the transfer fee. */
  payout: number
  /** The `refercount` query's referrals, for the refer page when the refusal carries none. */
  referCount: number
  rules: Rules
}

/** The review sheet's state and the screen's handles on it. */
export interface WithdrawSend {
  /** The review sheet is open. */
  reviewing: boolean
  /** A send is under way: the sheet's Confirm and the form's button wait. */
  busy: boolean
  /** The PIN's refusal (or the lost connection of a PIN send), shown under the PIN field. */
  pinError: string | null
  /** The one inline failure under the form, if any. */
  failure: string | null
  /** The server said this UPI ID is new although the saved list had it: the sheet asks the PIN. */
  serverSaysNew: boolean
  /** Opens the review sheet, clearing an earlier failure. */
  openReview(): void
  /** Closes the sheet (Edit): the PIN's error and idempotency key go with it. */
  closeReview(): void
  /** The UPI ID was edited: the server's "new payee" answer no longer applies. */
  payeeChanged(): void
  /** Confirm on the sheet: `pin` null for a known payee (the outbox), the 4 digits for a new one. */
  confirm(pin: string | null): Promise<void>
}

/**
 * The review sheet, PIN and send flow of the Withdraw screen for the withdrawal described by
 * `request`. Success shows the one result toast (the notification offer grows into it), refreshes
 * the user and goes to the dashboard; an offline known-payee send is queued and goes to the wallet.
 * Never throws: an unexpected error is logged and shown as the general failure.
 */
export function useWithdrawSend({
  upiId,
  payout,
  referCount,
  rules,
}: WithdrawRequest): WithdrawSend {
  const [, navigate] = useLocation()
  const [reviewing, setReviewing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [pinError, setPinError] = useState<string | null>(null)
  const [serverSaysNew, setServerSaysNew] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The idempotency key of the request with a PIN under review: a retry after a lost answer
  // reuses it, so the server never debits twice.
  const pinKey = useRef<string | null>(null)

  const closeReview = () => {
    setReviewing(false)
    setPinError(null)
    pinKey.current = null
  }

  const succeeded = () => {
    // One message: the success toast, which the notification offer grows into.
    notify.success(t(WITHDRAW_OK), { id: WITHDRAWAL_TOAST_ID })
    void import('../components/push-offer').then(
      (m) => m.offerPushAfterWithdrawal(),
      () => undefined,
    )
    void refreshUser().catch(() => undefined)
    navigate('/dashboard?keyfrom=withdrawal')
  }

  /** A refusal for good, other than of the PIN: where the product sends the user, or one inline message. */
  const refused = (error: OutboxError) => {
    closeReview()
    if (error.code === 'PLATFORM_FEE_REQUIRED') {
      navigate(`/platform-fee?amount=${rules.platformFeeRupees}`)
    } else if (error.code === 'REFERRALS_REQUIRED') {
      const count = Number(error.extra?.referral_count ?? referCount) || 0
      navigate(`/referandearn?keyfrom=withdrawal&referralCount=${count}`)
    } else if (error.code === 'MIN_BALANCE') {
      setFailure(
        apiErrorText(error) ||
          t('You need a minimum balance of {rupees} to withdraw earnings.', {
            rupees: formatRupees(rules.withdrawMinBalanceRupees),
          }),
      )
    } else {
      setFailure(t(WITHDRAW_FAILED))
    }
  }

  /** Sends to a known payee through the outbox (queued when offline). */
  const sendKnown = async () => {
    const result = await addWithdraw(upiId.trim(), payout)
    if (result.kind === 'done') return succeeded()
    if (result.kind === 'queued') {
      notify.info(t(WITHDRAW_QUEUED), { id: WITHDRAWAL_TOAST_ID })
      navigate('/wallet')
      return
    }
    // Refused for good: shown here, so the outbox need not keep it.
    void dismissOutboxItem(result.id)
    if (result.error.code === 'PIN_REQUIRED') {
      // The server does not know this payee: the sheet asks for the PIN.
      setServerSaysNew(true)
      return
    }
    refused(result.error)
  }

  /** Sends to a new payee with the PIN, online only, never stored. */
  const sendWithPin = async (pin: string) => {
    pinKey.current ??= crypto.randomUUID()
    const result = await addWithdrawWithPin(upiId.trim(), payout, pin, pinKey.current)
    if (result.kind === 'done') return succeeded()
    if (result.kind === 'unsent') {
      setPinError(
        t(
          'No connection, so the withdrawal was not confirmed. Confirm again when you are online: it is never sent twice.',
        ),
      )
      return
    }
    if (PIN_REFUSALS.has(result.error.code)) {
      setPinError(apiErrorText(result.error) || t(WITHDRAW_FAILED))
      return
    }
    refused(result.error)
  }

  const confirm = async (pin: string | null) => {
    setBusy(true)
    setFailure(null)
    setPinError(null)
    try {
      if (pin === null) await sendKnown()
      else await sendWithPin(pin)
    } catch (err) {
      console.error('withdraw failed', err)
      closeReview()
      setFailure(t(WITHDRAW_FAILED))
    } finally {
      setBusy(false)
    }
  }

  return {
    reviewing,
    busy,
    pinError,
    failure,
    serverSaysNew,
    openReview: () => {
      setFailure(null)
      setReviewing(true)
    },
    closeReview,
    payeeChanged: () => setServerSaysNew(false),
    confirm,
  }
}
