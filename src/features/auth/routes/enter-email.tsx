/**
 * Forgot password, step 1 (/enter-email; docs/product.md#screens, #validation, #messages): the email (prefilled from
 * ?hotemailemail=), checked on blur and before sending; a sent code opens /enter-email-otp.
 */
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { AppHeader } from '@/components/app-header'
import { checkResetEmail } from '@contract/validation'
import { forgotPassword } from '../api/forgot-password'
import { AuthLogo } from '../components/auth-logo'
import { SubmitButton } from '../components/submit-button'
import { TextField } from '@/components/text-field'
import { t } from '@/i18n/i18n'

export default function EnterEmail() {
  const [, navigate] = useLocation()
  const prefill = new URLSearchParams(useSearch()).get('hotemailemail') ?? ''
  const [email, setEmail] = useState(prefill)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    const problem = checkResetEmail(value)
    setError(problem)
    if (problem) return
    setBusy(true)
    const result = await forgotPassword(value)
    setBusy(false)
    if (result.ok) {
      notify.success(t('Otp sent to your email.'))
      navigate(`/enter-email-otp?email=${encodeURIComponent(value)}`)
    } else {
      notify.error(t('Failed to send forget password request. Please try again.'))
    }
  }

  return (
    <>
      <AppHeader />
      <main className="page stack">
        <AuthLogo />
        <h1 className="center">{t('Forgot Password')}</h1>
        <p className="center muted">
          {t('Enter the email of your account and we will send you a code.')}
        </p>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={t('Email')}
            placeholder={t('Enter your email')}
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setError(checkResetEmail(email.trim()))}
          />
          <SubmitButton busy={busy} busyLabel={t('Sending…')}>
            {t('Send Code')}
          </SubmitButton>
        </form>
      </main>
    </>
  )
}
