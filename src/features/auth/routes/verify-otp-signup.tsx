/**
 * OTP after signup (/verify-otp-signup; docs/product.md#screens, #flows, #messages). Reads `email` and `hotemailemail`;
 * with `hotemailemail` it asks for a code on open and keeps the new request id. The code is
 * checked by the link's address (so the screen works in a new browser session, where no request
 * id is stored), else by the stored request id, with the token, if any; a wrong code says the
 * tries left under the boxes. Success keeps the reset token and opens /update-password?email=….
 * The header back button forgets the stored access token.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { clearAccessToken, getRequestId, setRequestId, setResetToken } from '@/lib/session'
import { readRequestId, type ApiFailure } from '../api/result'
import { sendSignupOtp } from '../api/send-signup-otp'
import { verifySignupOtp } from '../api/verify-signup-otp'
import { otpFailureText } from '../api/otp-failure'
import { OtpScreen } from '../components/otp-screen'
import { t } from '@/i18n/i18n'

/** docs/product.md#flows: 59 s after signup and after any resend. */
const RESEND_SECONDS = 59

/** The wait the server asks for after a refused resend (seconds), if it says so. */
function retryAfter(failure: ApiFailure): number | null {
  const seconds = Number(failure.body.retry_after_seconds)
  return failure.status === 429 && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : null
}

export default function VerifyOtpSignup() {
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const hotEmail = params.get('hotemailemail')
  const email = params.get('email') ?? hotEmail ?? ''
  const requested = useRef(false)

  // The hotemailemail link opens this screen without a pending code: ask for one, once.
  useEffect(() => {
    if (!hotEmail || requested.current) return
    requested.current = true
    void sendSignupOtp(hotEmail).then((result) => {
      const requestId = result.ok ? readRequestId(result.data) : null
      if (requestId) {
        setRequestId(requestId)
        notify.success(t('OTP Sent Successfully!'))
      } else if (!result.ok && result.message) {
        notify.error(result.message)
      } else {
        notify.error(t('Error resending OTP. Please try again.'))
      }
    })
  }, [hotEmail])

  const verify = async (code: string): Promise<string | null> => {
    // The address of the link checks the code in any browser session; the stored request id
    // (this browser's signup) only when the link has none.
    const result = await verifySignupOtp(
      code,
      email ? { email } : { requestId: getRequestId() ?? '' },
    )
    if (result.ok && result.data.reset_token) {
      setResetToken(result.data.reset_token)
      // Takes the place of an earlier 'OTP Sent Successfully!': one message at a time.
      notify.success(t('OTP verified successfully!'))
      navigate(`/update-password?email=${encodeURIComponent(email)}`)
      return null
    }
    // One message for a refused code: under the code boxes, with the tries left (no toast).
    notify.clear()
    return otpFailureText(result)
  }

  const resend = async (): Promise<number | null> => {
    const result = await sendSignupOtp(email)
    const requestId = result.ok ? readRequestId(result.data) : null
    if (requestId) {
      setRequestId(requestId)
      notify.success(t('OTP has been resent to your email!'))
      return RESEND_SECONDS
    }
    notify.error(t('Error resending OTP. Please try again.'))
    return result.ok ? null : retryAfter(result)
  }

  const back = () => {
    clearAccessToken()
    if (window.history.length > 1) window.history.back()
    else navigate('/loginn', { replace: true })
  }

  return (
    <OtpScreen
      email={email}
      initialSeconds={RESEND_SECONDS}
      onVerify={verify}
      onResend={resend}
      onBack={back}
    />
  )
}
