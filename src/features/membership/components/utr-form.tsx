/**
 * The UPI reference (UTR) entry under a payment (docs/product.md#transparency): after paying from a UPI app the
 * user types the 12-digit reference the app shows; it is checked here as on the server
 * (contract/utr.ts) and stored on the order, where the operator matches it with the bank
 * statement.
 */
import { useState, type FormEvent } from 'react'
import { readApiError } from '@/lib/api-client'
import { checkUtr, normalizeUtr } from '@contract/utr'
import { submitUtr } from '../api/submit-utr'
import type { OrderStatus } from '../api/get-order'
import { msg, t } from '@/i18n/i18n'

const SEND_FAILED = msg('Could not send the reference. Please try again.')

interface Props {
  orderId: string
  /** The UTR already on the order, if any. */
  utr: string | null
  onSaved(order: OrderStatus): void
}

export function UtrForm({ orderId, utr, onSaved }: Props) {
  const [value, setValue] = useState(utr ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(utr)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = checkUtr(value)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      const order = await submitUtr(orderId, normalizeUtr(value))
      setSaved(order.utr ?? normalizeUtr(value))
      onSaved(order)
    } catch (err) {
      const apiError = await readApiError(err)
      setError(apiError?.status && apiError.status < 500 ? apiError.message : t(SEND_FAILED))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor="utr">{t('Paid? Enter the 12-digit UPI reference (UTR)')}</label>
        <p className="muted" style={{ margin: 0 }}>
          {t('Your UPI app shows it after the payment as UPI Ref No., UTR or Transaction ID.')}
        </p>
      </div>
      <input
        id="utr"
        className="input"
        name="utr"
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        placeholder={t('e.g. 412345678901')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'utr-error' : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      {error ? (
        <p id="utr-error" className="error-text" role="alert">
          {t(error)}
        </p>
      ) : null}
      {saved && !error ? (
        <p className="ok-text" role="status" data-testid="utr-saved">
          {t(
            'Reference {reference} received. We confirm your payment once it reaches our bank account.',
            { reference: saved },
          )}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {saved ? t('Update reference') : t('Send reference')}
      </button>
    </form>
  )
}
