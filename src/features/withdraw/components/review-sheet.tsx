/**
 * The review before money leaves (docs/product.md#withdrawals, #security): every withdrawal opens
 * this sheet with the amount, the transfer fee, what the user receives, the UPI ID and the expected
 * date, and nothing is sent until Confirm. A UPI ID the account has not withdrawn to before asks
 * for the account's PIN here, once; the server checks it. Offline, such a withdrawal waits for the
 * connection (a PIN is checked online), so Confirm stays off and the sheet says why.
 */
import { useId, useState } from 'react'
import { ConfirmSheet } from '@/components/confirm-sheet'
import { formatRupees } from '@contract/rules'
import { PIN_PATTERN } from '@contract/validation'
import { t } from '@/i18n/i18n'

/** What is about to be sent: whole rupees, the UPI ID as it will be sent, the due date as words. */
export interface WithdrawalReview {
  /** The amount chosen (taken from the balance), whole rupees. */
  amount: number
  /** The transfer fee, whole rupees (the server's rules). */
  fee: number
  /** The UPI ID the payout goes to. */
  upiId: string
  /** When the payout is expected, in words ("4 Dec (within 7 days)"). */
  expected: string
}

interface Props {
  review: WithdrawalReview
  /** The UPI ID is not one the account has withdrawn to: the PIN is asked. */
  newPayee: boolean
  online: boolean
  /** The request is on its way. */
  busy: boolean
  /** Why the last PIN was refused (the server's words), shown under the PIN field. */
  pinError: string | null
  /** Confirm: `pin` is the typed PIN for a new payee, else null. */
  onConfirm(pin: string | null): void
  onCancel(): void
}

export function ReviewSheet({
  review,
  newPayee,
  online,
  busy,
  pinError,
  onConfirm,
  onCancel,
}: Props) {
  const [pin, setPin] = useState('')
  const pinId = useId()
  const pinNoteId = useId()
  const pinErrorId = useId()
  const waiting = newPayee && !online
  const pinReady = PIN_PATTERN.test(pin)
  const canConfirm = !waiting && (!newPayee || pinReady)
  const confirm = () => {
    if (canConfirm) onConfirm(newPayee ? pin : null)
  }
  return (
    <ConfirmSheet
      title={t('Review your withdrawal')}
      summary={[
        { label: t('Amount'), value: formatRupees(review.amount) },
        { label: t('Transfer fee'), value: `− ${formatRupees(review.fee)}` },
        { label: t('You receive'), value: formatRupees(review.amount - review.fee) },
        { label: t('To UPI ID'), value: review.upiId },
        { label: t('Expected by'), value: review.expected },
      ]}
      confirmLabel={busy ? t('Submitting…') : t('Confirm withdrawal')}
      cancelLabel={t('Edit')}
      onConfirm={confirm}
      onCancel={onCancel}
      busy={busy}
      confirmDisabled={!canConfirm}
    >
      {newPayee ? (
        <div className="review-pin stack" data-testid="new-payee">
          <p id={pinNoteId} className="review-note">
            {waiting
              ? t(
                  'You are offline. You have not withdrawn to this UPI ID before, so your PIN is checked online: connect to the internet to send it. Nothing is saved or sent until then.',
                )
              : t('You have not withdrawn to this UPI ID before. Enter your PIN to confirm it.')}
          </p>
          {waiting ? null : (
            <div className="field">
              <label htmlFor={pinId}>{t('Your 4-digit PIN')}</label>
              <input
                id={pinId}
                className="input pin-input"
                type="password"
                inputMode="numeric"
                autoComplete="current-password"
                maxLength={4}
                value={pin}
                disabled={busy}
                aria-invalid={pinError ? true : undefined}
                aria-describedby={pinError ? `${pinNoteId} ${pinErrorId}` : pinNoteId}
                onChange={(e) => setPin(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    confirm()
                  }
                }}
              />
              {pinError ? (
                <p id={pinErrorId} className="error-text" role="alert">
                  {pinError}
                </p>
              ) : null}
            </div>
          )}
        </div>
      ) : null}
    </ConfirmSheet>
  )
}
