/**
 * OTP for a PIN reset (/enter-email-otp?email=…; docs/product.md#screens, #flows, #messages): the first resend after 10 s,
 * later ones after 59 s; a verified code keeps the reset token and opens /update-password. A
 * refused code says why under the code boxes (`otpFailureText`): a wrong code with the tries left,
 * or the server's reason (expiry, lock). Works in any browser session: the code is checked by the
 * address in the link.
 */
import { useLocation, useSearch } from 'wouter'
import { notify } from '@/lib/notify'
import { setResetToken } from '@/lib/session'
import { forgotPassword } from '../api/forgot-password'
import { verifyResetOtp } from '../api/verify-reset-otp'
import { otpFailureText } from '../api/otp-failure'
import { OtpScreen } from '../components/otp-screen'
import { t } from '@/i18n/i18n'

/** docs/product.md#flows, #rules: 10 s on the reset screen, 59 s after any resend. */
const FIRST_RESEND_SECONDS = 10
const RESEND_SECONDS = 59

export default function EnterEmailOtp() {
  const [, navigate] = useLocation()
  const email = new URLSearchParams(useSearch()).get('email') ?? ''

  const verify = async (code: string): Promise<string | null> => {
    const result = await verifyResetOtp(code, email)
    if (result.ok && result.data.reset_token) {
      setResetToken(result.data.reset_token)
      notify.success(t('OTP verified successfully!'))
      navigate(`/update-password?email=${encodeURIComponent(email)}`)
      return null
    }
    // One message for a refused code: under the code boxes, with the tries left (no toast).
    notify.clear()
    return otpFailureText(result)
  }

  const resend = async (): Promise<number | null> => {
    const result = await forgotPassword(email)
    if (result.ok) {
      notify.success(t('OTP has been resent successfully!'))
      return RESEND_SECONDS
    }
    notify.error(t('Error resending OTP. Please try again.'))
    const wait = Number(result.body.retry_after_seconds)
    return result.status === 429 && wait > 0 ? Math.ceil(wait) : null
  }

  return (
    <OtpScreen
      email={email}
      initialSeconds={FIRST_RESEND_SECONDS}
      onVerify={verify}
      onResend={resend}
    />
  )
}
