/**
 * Log In (/loginn, /loginold; docs/product.md#screens, #validation, #messages): an email or 10-digit phone plus the 4-digit PIN.
 * Success stores the access token and opens /dashboard; an unverified email (417) stores the
 * token and request id and opens the signup OTP screen; a lockout (423) or rate limit (429)
 * shows the server's message; any other failure docs/product.md#messages's inline text. Each outcome is one
 * message: a success toast, or the text under the form.
 */
import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { notify } from '@/lib/notify'
import { AppHeader } from '@/components/app-header'
import { setAccessToken, setRequestId } from '@/lib/session'
import { checkLoginIdentifier } from '@contract/validation'
import { login } from '../api/login'
import { readAccessToken, readRequestId } from '../api/result'
import { AuthLogo } from '../components/auth-logo'
import { PinField } from '../components/pin-field'
import { SubmitButton } from '../components/submit-button'
import { TextField } from '@/components/text-field'
import { msg, t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

const INVALID_CREDENTIALS = msg('Invalid credentials. Please enter correct ID and password.')

export default function Login() {
  const [, navigate] = useLocation()
  const [identifier, setIdentifier] = useState('')
  const [pin, setPin] = useState('')
  const [identifierError, setIdentifierError] = useState<string | null>(null)
  const [pinError, setPinError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = identifier.trim()
    const badIdentifier = checkLoginIdentifier(value)
    const badPin = pin ? null : t('Please enter your password.')
    setIdentifierError(badIdentifier)
    setPinError(badPin)
    setFormError(null)
    // A new attempt: the last one's toast goes, so its outcome never stands beside this one's.
    notify.clear()
    if (badIdentifier || badPin) return

    setBusy(true)
    const result = await login({ identifier: value, pin })
    setBusy(false)

    if (result.ok) {
      const token = readAccessToken(result.data)
      if (token) {
        setAccessToken(token)
        notify.success(t('Login successful!'))
        navigate('/dashboard', { replace: true })
        return
      }
    } else if (result.status === 417) {
      const token = readAccessToken(result.body)
      const requestId = readRequestId(result.body)
      if (token) setAccessToken(token)
      if (requestId) setRequestId(requestId)
      const email = typeof result.body.email === 'string' ? result.body.email : value
      notify.success(result.message || t('OTP Sent Successfully!'))
      navigate(`/verify-otp-signup?email=${encodeURIComponent(email)}`)
      return
    } else if ((result.status === 423 || result.status === 429) && result.message) {
      setFormError(result.message)
      return
    }
    // One message for a refused login: the product’s inline text, under the form (no toast beside it).
    setFormError(t(INVALID_CREDENTIALS))
  }

  return (
    <>
      <AppHeader />
      <main className="page stack">
        <AuthLogo />
        <h1 className="center">{t('Log In')}</h1>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={t('Email or phone number')}
            placeholder={t('Enter your email or phone number')}
            autoComplete="username"
            value={identifier}
            error={identifierError}
            onChange={(event) => setIdentifier(event.target.value)}
          />
          <PinField label={t('Password')} value={pin} error={pinError} onChange={setPin} />
          <div className="auth-links">
            <Link href="/enter-email">{t('Forgot password?')}</Link>
          </div>
          {formError ? (
            <p className="error-text" role="alert">
              {formError}
            </p>
          ) : null}
          <p className="auth-fine-print muted">
            <T
              id="By going forward you agree to <0>Terms & Conditions</0>"
              components={{ 0: <Link href="/termsandcondition" /> }}
            />
          </p>
          <SubmitButton busy={busy} busyLabel={t('Logging in…')}>
            {t('Login')}
          </SubmitButton>
        </form>
        <p className="center">
          <T
            id="Don't have an account? <0>Register</0>"
            components={{ 0: <Link href="/register" /> }}
          />
        </p>
      </main>
    </>
  )
}
