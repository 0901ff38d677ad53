/**
 * Create new password (/update-password?email=…; docs/product.md#screens, #validation, #messages): a new 4-digit PIN twice, sent
 * with the reset token of the verified OTP; success opens /loginn. Opened from a lock mail's link
 * (`&unlock=…`, docs/product.md#security), the link is spent on submit for the reset token, which also clears
 * every lock on the account.
 */
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { AppHeader } from '@/components/app-header'
import { clearResetToken, getResetToken, setResetToken } from '@/lib/session'
import { checkNewPin } from '@contract/validation'
import { newPassword } from '../api/new-password'
import { unlockAccount } from '../api/unlock-account'
import { AuthLogo } from '../components/auth-logo'
import { PinField } from '../components/pin-field'
import { SubmitButton } from '../components/submit-button'
import { t } from '@/i18n/i18n'
import { useHydrated } from '@/lib/use-hydrated'

export default function UpdatePassword() {
  const [, navigate] = useLocation()
  const hydrated = useHydrated()
  const params = new URLSearchParams(useSearch())
  const email = params.get('email') ?? ''
  const unlockToken = params.get('unlock')
  const [pin, setPin] = useState('')
  const [confirm, setConfirm] = useState('')
  const [pinError, setPinError] = useState<string | null>(null)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const badPin = checkNewPin(pin)
    const mismatch = !badPin && pin !== confirm ? t('Passwords do not match') : null
    setPinError(badPin)
    setConfirmError(mismatch)
    if (badPin || mismatch) return
    setBusy(true)
    if (unlockToken && !getResetToken()) {
      const unlocked = await unlockAccount(email, unlockToken)
      if (!unlocked.ok || !unlocked.data.reset_token) {
        setBusy(false)
        notify.error(
          t(
            'This unlock link was used or is older than 24 hours. Choose "Forgot password?" to reset your PIN.',
          ),
        )
        return
      }
      setResetToken(unlocked.data.reset_token)
    }
    const result = await newPassword({
      email_id: email,
      new_password: pin,
      reset_token: getResetToken() ?? '',
    })
    setBusy(false)
    if (result.ok) {
      clearResetToken()
      notify.success(t('Password changed successfully!'))
      navigate('/loginn', { replace: true })
    } else {
      notify.error(t('Failed to change password. Please try again.'))
    }
  }

  return (
    <>
      <AppHeader />
      <main className="page stack">
        <AuthLogo />
        <h1 className="center">{t('Create New Password')}</h1>
        {/* The rendered page knows no query (src/entry-server.tsx): the address comes once the
            app has taken the page over, on the line kept for it. */}
        <p className="center muted">{hydrated && email ? t('For {email}', { email }) : '\u00a0'}</p>
        <form className="stack" onSubmit={submit} noValidate>
          <PinField
            label={t('New password (4-digit PIN)')}
            placeholder={t('Enter new password')}
            autoComplete="new-password"
            value={pin}
            error={pinError}
            onChange={setPin}
          />
          <PinField
            label={t('Confirm password')}
            placeholder={t('Confirm new password')}
            autoComplete="new-password"
            value={confirm}
            error={confirmError}
            onChange={setConfirm}
          />
          <SubmitButton busy={busy} busyLabel={t('Saving…')}>
            {t('Change Password')}
          </SubmitButton>
        </form>
      </main>
    </>
  )
}
