/**
 * The layout both OTP screens share (docs/product.md#screens): 'Code has been sent to {email}', a 4-digit code
 * field, the 'Resend Code' link with its countdown 'Resend code in 00:SS', and 'Verify Account'.
 * The screen around it decides what verifying and resending call and which toasts they show.
 */
import { useState, type FormEvent } from 'react'
import { AppHeader } from '@/components/app-header'
import { checkOtpInput, LIMITS } from '@contract/validation'
import { AuthLogo } from './auth-logo'
import { TextField } from '@/components/text-field'
import { SubmitButton } from './submit-button'
import { formatCountdown, useCountdown } from './use-countdown'
import { msg, t } from '@/i18n/i18n'
import { T } from '@/i18n/trans'
import { useHydrated } from '@/lib/use-hydrated'

/** Shown when the screen was opened without the address the code went to. */
export const NO_EMAIL = msg(
  'This page does not say which email the code was sent to. Open it from the link in your email, or start again from Log In.',
)

export interface OtpScreenProps {
  email: string
  /** Seconds before the first resend is allowed (10 on reset, 59 after signup: docs/product.md#flows). */
  initialSeconds: number
  /** Checks the code; resolves to the inline error to show, or null when verified. */
  onVerify(code: string): Promise<string | null>
  /** Asks for a new code; resolves to the seconds until the next resend, or null to keep the timer. */
  onResend(): Promise<number | null>
  /** The header back button; going back one step when absent. */
  onBack?: () => void
}

export function OtpScreen({ email, initialSeconds, onVerify, onResend, onBack }: OtpScreenProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [verifying, setVerifying] = useState(false)
  const [resending, setResending] = useState(false)
  const { secondsLeft, restart } = useCountdown(initialSeconds)
  const hydrated = useHydrated()

  const change = (input: HTMLInputElement) => {
    const problem = checkOtpInput(input.value)
    setError(problem)
    // A refused entry (not digits, too long) leaves the code as it was; React puts the
    // controlled input's value back on screen.
    setCode(problem ? code : input.value)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (code.length !== LIMITS.otpLength || verifying) return
    setVerifying(true)
    const problem = await onVerify(code)
    setVerifying(false)
    setError(problem)
  }

  const resend = async () => {
    setResending(true)
    const next = await onResend()
    setResending(false)
    if (next !== null) restart(next)
  }

  return (
    <>
      <AppHeader onBack={onBack} />
      <main className="page stack">
        <AuthLogo />
        <h1 className="center">{t('OTP Verification')}</h1>
        {hydrated && !email ? (
          // Opened without ?email=: say so instead of "Code has been sent to ".
          <p className="center error-text" role="alert" data-testid="otp-no-email">
            {t(NO_EMAIL)}
          </p>
        ) : (
          <p className="center muted otp-sent">
            {hydrated ? (
              <T
                id="Code has been sent to <0>{email}</0>"
                values={{ email }}
                components={{ 0: <strong className="otp-address" /> }}
              />
            ) : (
              // The rendered page knows no query (src/entry-server.tsx): the address comes once
              // the app has taken the page over, on the line kept for it.
              '\u00a0'
            )}
          </p>
        )}
        <form className="stack" onSubmit={submit} noValidate>
          <TextField
            label={t('4-digit code')}
            className="input otp-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(event) => change(event.currentTarget)}
          />
          <div className="resend-row">
            <span className="muted">{t("Didn't receive the code?")}</span>
            <button
              type="button"
              className="link-button"
              disabled={secondsLeft > 0 || resending}
              onClick={resend}
            >
              {t('Resend Code')}
            </button>
          </div>
          {secondsLeft > 0 ? (
            <p className="center muted">
              {t('Resend code in {time}', { time: formatCountdown(secondsLeft) })}
            </p>
          ) : null}
          <SubmitButton
            busy={verifying}
            busyLabel={t('Verifying…')}
            disabled={code.length !== LIMITS.otpLength}
          >
            {t('Verify Account')}
          </SubmitButton>
        </form>
      </main>
    </>
  )
}
