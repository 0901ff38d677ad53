/**
 * `/payment` (docs/product.md#screens, #api): the card provider's test form. Five required fields, posted
 * form-encoded with a CSRF header; with a card provider configured the server's `cftoken` starts
 * the provider's checkout (its SDK loaded here only, docs/product.md#deviations); without one, a clear message.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { AppHeader } from '@/components/app-header'
import { readApiError } from '@/lib/api-client'
import { usePaymentProvider, useRules } from '@/stores/rules-store'
import { getCsrfToken } from '../api/get-csrf-token'
import { createCardOrder, type CardOrderFields } from '../api/create-card-order'
import { loadCardSdk, startCardCheckout } from '../lib/load-card-sdk'
import { NO_PROVIDER_MESSAGE, PAYMENT_ERROR } from '../messages'
import { msg, t } from '@/i18n/i18n'

const FIELDS: {
  name: keyof CardOrderFields
  label: string
  type: string
  inputMode?: 'decimal' | 'tel'
}[] = [
  { name: 'order_id', label: msg('Order ID'), type: 'text' },
  { name: 'order_amount', label: msg('Order amount (₹)'), type: 'text', inputMode: 'decimal' },
  { name: 'customer_name', label: msg('Customer name'), type: 'text' },
  { name: 'customer_email', label: msg('Customer email'), type: 'email' },
  { name: 'customer_phone', label: msg('Customer phone'), type: 'tel', inputMode: 'tel' },
]

const EMPTY: CardOrderFields = {
  order_id: '',
  order_amount: '',
  customer_name: '',
  customer_email: '',
  customer_phone: '',
}

/** The first problem with the form, or null: every field is required (docs/product.md#screens). */
function checkFields(fields: CardOrderFields): Partial<Record<keyof CardOrderFields, string>> {
  const errors: Partial<Record<keyof CardOrderFields, string>> = {}
  for (const { name, label } of FIELDS) {
    if (fields[name].trim() === '')
      errors[name] = t('{field} is required.', { field: t(label).replace(' (₹)', '') })
  }
  return errors
}

export default function Payment() {
  useRules() // refreshes the served config, which says whether a card provider is configured
  const provider = usePaymentProvider()
  const [fields, setFields] = useState<CardOrderFields>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof CardOrderFields, string>>>({})
  const [submitting, setSubmitting] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    // Fetch the SDK early on this page only; a failure surfaces again on submit.
    if (provider === 'cashfree') loadCardSdk().catch((error: unknown) => console.error(error))
  }, [provider])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = checkFields(fields)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    setMessage(null)
    try {
      const csrfToken = await getCsrfToken()
      const order = await createCardOrder(fields, csrfToken)
      await startCardCheckout(order.cftoken)
    } catch (error) {
      console.error('card payment failed', error)
      const apiError = await readApiError(error)
      if (apiError?.status === 501) {
        setMessage(apiError.message || t(NO_PROVIDER_MESSAGE))
      } else {
        // A refused form (400 a bad field, 403 an expired CSRF token) says why under the error.
        const reason =
          apiError && apiError.status < 500 && apiError.message ? ` ${apiError.message}` : ''
        // One message, under the form (no toast beside it).
        setMessage(t(PAYMENT_ERROR) + reason)
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <AppHeader title={t('Card payment')} />
      <main className="page stack">
        {provider !== 'cashfree' ? (
          <p className="notice" data-testid="no-provider">
            {t(NO_PROVIDER_MESSAGE)}
          </p>
        ) : null}
        <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
          {FIELDS.map(({ name, label, type, inputMode }) => (
            <div className="field" key={name}>
              <label htmlFor={`payment-${name}`}>{t(label)}</label>
              <input
                id={`payment-${name}`}
                name={name}
                className="input"
                type={type}
                inputMode={inputMode}
                required
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `payment-${name}-error` : undefined}
                value={fields[name]}
                onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
              />
              {errors[name] ? (
                <p className="error-text" id={`payment-${name}-error`}>
                  {errors[name]}
                </p>
              ) : null}
            </div>
          ))}
          {message ? (
            <p className="error-text" role="alert">
              {message}
            </p>
          ) : null}
          <button type="submit" className="btn" disabled={submitting}>
            {submitting ? t('Processing…') : t('Pay Now')}
          </button>
        </form>
      </main>
    </>
  )
}
