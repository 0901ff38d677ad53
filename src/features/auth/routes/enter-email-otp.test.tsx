import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { getResetToken } from '@/lib/session'
import { forgotPassword } from '../api/forgot-password'
import { verifyResetOtp } from '../api/verify-reset-otp'
import { passTime, renderAt, settle } from '../auth.test-helpers'
import EnterEmailOtp from './enter-email-otp'

vi.mock('../api/forgot-password', () => ({ forgotPassword: vi.fn() }))
vi.mock('../api/verify-reset-otp', () => ({ verifyResetOtp: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedResend = vi.mocked(forgotPassword)
const mockedVerify = vi.mocked(verifyResetOtp)
const URL = '/enter-email-otp?email=asha%40example.com'

const open = () => renderAt(<EnterEmailOtp />, URL, { fakeTimers: true })
const resendLink = () => screen.getByRole('button', { name: 'Resend Code' })

describe('Reset OTP screen', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    // shouldAdvanceTime: Testing Library waits on a real setTimeout(0) after each user event.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    sessionStorage.clear()
  })
  afterEach(() => vi.useRealTimers())

  it('shows the email, the code field and a countdown from 10 seconds', async () => {
    open()
    expect(screen.getByText(/Code has been sent to/)).toHaveTextContent(
      'Code has been sent to asha@example.com',
    )
    expect(screen.getByText('Resend code in 00:10')).toBeInTheDocument()
    expect(resendLink()).toBeDisabled()
    await passTime(9000)
    expect(screen.getByText('Resend code in 00:01')).toBeInTheDocument()
    await passTime(1000)
    expect(resendLink()).toBeEnabled()
    expect(screen.queryByText(/Resend code in/)).toBeNull()
  })

  it('opened without ?email= says so instead of "Code has been sent to "', () => {
    renderAt(<EnterEmailOtp />, '/enter-email-otp', { fakeTimers: true })
    expect(screen.queryByText(/Code has been sent to/)).toBeNull()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page does not say which email the code was sent to.',
    )
  })

  it('resends through forgot-password, then waits 59 seconds with the link disabled', async () => {
    mockedResend.mockResolvedValue({
      ok: true,
      status: 200,
      data: { message: 'Otp sent to your email.' },
    })
    const { user } = open()
    await passTime(10_000)
    await user.click(resendLink())
    await settle()
    expect(mockedResend).toHaveBeenCalledWith('asha@example.com')
    expect(notify.success).toHaveBeenCalledWith('OTP has been resent successfully!')
    expect(screen.getByText('Resend code in 00:59')).toBeInTheDocument()
    expect(resendLink()).toBeDisabled()
  })

  it('says "Error resending OTP. Please try again." and follows the server wait on a refused resend', async () => {
    mockedResend.mockResolvedValue({
      ok: false,
      status: 429,
      message: 'Please wait',
      code: 'RESEND_TOO_SOON',
      body: { retry_after_seconds: 30 },
    })
    const { user } = open()
    await passTime(10_000)
    await user.click(resendLink())
    await settle()
    expect(notify.error).toHaveBeenCalledWith('Error resending OTP. Please try again.')
    expect(screen.getByText('Resend code in 00:30')).toBeInTheDocument()
  })

  it('verifies the code for the email, keeps the reset token and opens /update-password', async () => {
    mockedVerify.mockResolvedValue({ ok: true, status: 200, data: { reset_token: 'reset-2' } })
    const { user, currentUrl } = open()
    await user.type(screen.getByLabelText('4-digit code'), '1357')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    expect(mockedVerify).toHaveBeenCalledWith('1357', 'asha@example.com')
    expect(getResetToken()).toBe('reset-2')
    expect(notify.success).toHaveBeenCalledWith('OTP verified successfully!')
    expect(currentUrl()).toBe('/update-password?email=asha%40example.com')
  })

  it.each([
    [{ tries_left: 4 }, 'Enter Correct OTP. 4 tries left.'],
    [{ tries_left: 1 }, 'Enter Correct OTP. 1 try left.'],
    [
      { tries_left: 0 },
      'Enter Correct OTP. No tries left for this code: ask for a new one with Resend Code.',
    ],
    [{}, 'Enter Correct OTP'],
  ])('on a wrong code (%o) says one message under the code: %s', async (body, text) => {
    mockedVerify.mockResolvedValue({
      ok: false,
      status: 400,
      message: 'x',
      code: 'OTP_INVALID',
      body,
    })
    const { user, currentUrl } = open()
    await user.type(screen.getByLabelText('4-digit code'), '9999')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    expect(notify.error).not.toHaveBeenCalled()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(currentUrl()).toBe(URL)
  })

  it('says why when the reset is locked: the server message, not "Enter Correct OTP"', async () => {
    const locked = 'Too many wrong codes. PIN reset is locked for 24 hours.'
    mockedVerify.mockResolvedValue({
      ok: false,
      status: 423,
      message: locked,
      code: 'CODE_ENTRY_LOCKED',
      body: { retry_after_seconds: 86_400 },
    })
    const { user, currentUrl } = open()
    await user.type(screen.getByLabelText('4-digit code'), '1357')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    expect(notify.error).not.toHaveBeenCalled()
    expect(screen.getByText(locked)).toBeInTheDocument()
    expect(screen.queryByText('Enter Correct OTP')).toBeNull()
    expect(getResetToken()).toBeNull()
    expect(currentUrl()).toBe(URL)
  })

  it('keeps the code to 4 digits with "Max OTP length is 4 digits."', async () => {
    const { user } = open()
    await user.type(screen.getByLabelText('4-digit code'), '98765')
    expect(screen.getByLabelText('4-digit code')).toHaveValue('9876')
    expect(screen.getByText('Max OTP length is 4 digits.')).toBeInTheDocument()
  })
})
