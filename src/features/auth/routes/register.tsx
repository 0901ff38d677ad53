/**
 * Register (/register, /signup; docs/product.md#screens, #flows, #validation, #messages): name, phone, email, PIN, an optional
 * referral code (prefilled from ?referralId= or ?ref=) and the terms checkbox. The server answers
 * 417 while the email is unverified: the token and request id are stored and the signup OTP
 * screen opens.
 */
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { AppHeader } from '@/components/app-header'
import { setAccessToken, setRequestId } from '@/lib/session'
import {
  checkNewPin,
  checkRegisterEmail,
  checkRegisterName,
  checkRegisterPhone,
} from '@contract/validation'
import { register } from '../api/register'
import { readAccessToken, readRequestId } from '../api/result'
import { AuthLogo } from '../components/auth-logo'
import { PinField } from '../components/pin-field'
import { SubmitButton } from '../components/submit-button'
import { TextField } from '@/components/text-field'
import { msg, t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'

const AGREE_TERMS = msg('Agree Term & Condition to Proceed!')
const USER_EXISTS = msg('Please try with different user details, user already exists.')
const GENERIC_FAILURE = msg('An error occurred while processing your request. Please try again.')

type FieldName = 'name' | 'phone' | 'email' | 'pin' | 'agree'
type Errors = Partial<Record<FieldName, string>>

export default function Register() {
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [pin, setPin] = useState('')
  const [referral, setReferral] = useState(
    () => params.get('referralId') ?? params.get('ref') ?? '',
  )
  const [agreed, setAgreed] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = {}
    const problems: [FieldName, string | null][] = [
      ['name', checkRegisterName(name)],
      ['phone', checkRegisterPhone(phone)],
      ['email', checkRegisterEmail(email.trim())],
      ['pin', checkNewPin(pin)],
      ['agree', agreed ? null : t(AGREE_TERMS)],
    ]
    for (const [field, problem] of problems) if (problem) found[field] = problem
    setErrors(found)
    setFormError(null)
    // A field's error is said under that field only (the terms box's too), never in a toast.
    if (Object.keys(found).length > 0) return

    setBusy(true)
    const trimmedEmail = email.trim()
    const result = await register({
      first_name: name.trim(),
      phone_number: phone,
      email: trimmedEmail,
      password: pin,
      referral_id: referral.trim(),
    })
    setBusy(false)

    const body = result.ok ? result.data : result.body
    const token = readAccessToken(body)
    if (result.status === 417 && token) {
      setAccessToken(token)
      const requestId = readRequestId(body)
      if (requestId) setRequestId(requestId)
      notify.success(
        result.ok ? t('OTP Sent Successfully!') : result.message || t('OTP Sent Successfully!'),
      )
      navigate(`/verify-otp-signup?email=${encodeURIComponent(trimmedEmail)}`)
      return
    }
    if (result.ok && token) {
      // Already verified (docs/product.md#flows: success with a token goes to /loginn).
      navigate('/loginn')
      return
    }
    const message =
      result.status === 409 ? t(USER_EXISTS) : (!result.ok && result.message) || t(GENERIC_FAILURE)
    // One message: under the form, where the user corrects it (no toast beside it).
    setFormError(message)
  }

  return (
    <>
      <AppHeader />
      <main className="page stack">
        <AuthLogo />
        <h1 className="center">{t('Create Account')}</h1>
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={t('Name')}
            placeholder={t('Enter your name')}
            autoComplete="name"
            maxLength={20}
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('Phone number')}
            placeholder={t('10-digit mobile number')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={phone}
            error={errors.phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <TextField
            label={t('Email')}
            placeholder={t('Enter your email')}
            type="email"
            autoComplete="email"
            maxLength={154}
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PinField
            label={t('Password (4-digit PIN)')}
            placeholder={t('Create a 4-digit PIN')}
            autoComplete="new-password"
            value={pin}
            error={errors.pin}
            onChange={setPin}
          />
          <TextField
            label={t('Referral code (optional)')}
            placeholder={t('Enter a referral code')}
            autoComplete="off"
            value={referral}
            onChange={(event) => setReferral(event.target.value)}
          />
          <div className="field">
            <label className="checkbox auth-consent">
              {/* A 48×48 px tap target around the box (a tap on it is a tap on the label). */}
              <span className="checkbox-target">
                <input
                  type="checkbox"
                  checked={agreed}
                  aria-invalid={errors.agree ? true : undefined}
                  onChange={(event) => setAgreed(event.target.checked)}
                />
              </span>
              <span>
                <T
                  id="I agree to the <0>Terms & Conditions</0> and the <1>Privacy Policy</1>"
                  components={{
                    0: <Link href="/termsandcondition" />,
                    1: <Link href="/privacy" />,
                  }}
                />
              </span>
            </label>
            {errors.agree ? (
              <p className="error-text" role="alert">
                {errors.agree}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p className="error-text" role="alert">
              {formError}
            </p>
          ) : null}
          <SubmitButton busy={busy} busyLabel={t('Registering…')}>
            {t('Register')}
          </SubmitButton>
        </form>
        <p className="center">
          <T
            id="Already have an account? <0>Log In</0>"
            components={{ 0: <Link href="/loginn" /> }}
          />
        </p>
      </main>
    </>
  )
}
