import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { getResetToken } from '@/lib/session'
import { sendSignupOtp } from '../api/send-signup-otp'
import { verifySignupOtp } from '../api/verify-signup-otp'
import { passTime, renderAt, settle } from '../auth.test-helpers'
import VerifyOtpSignup from './verify-otp-signup'

vi.mock('../api/send-signup-otp', () => ({ sendSignupOtp: vi.fn() }))
vi.mock('../api/verify-signup-otp', () => ({ verifySignupOtp: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedSend = vi.mocked(sendSignupOtp)
const mockedVerify = vi.mocked(verifySignupOtp)
const URL = '/verify-otp-signup?email=asha%40example.com'

const open = (url = URL) => renderAt(<VerifyOtpSignup />, url, { fakeTimers: true })
const codeField = () => screen.getByLabelText('4-digit code')
const resendLink = () => screen.getByRole('button', { name: 'Resend Code' })

describe('Signup OTP screen', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    // shouldAdvanceTime: Testing Library waits on a real setTimeout(0) after each user event.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    sessionStorage.clear()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('says where the code was sent and shows the code field and Verify Account', () => {
    open()
    expect(screen.getByText(/Code has been sent to/)).toHaveTextContent(
      'Code has been sent to asha@example.com',
    )
    expect(codeField()).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify Account' })).toBeDisabled()
    expect(mockedSend).not.toHaveBeenCalled()
  })

  it('counts down from 59 real seconds before the resend link works', async () => {
    open()
    expect(screen.getByText('Resend code in 00:59')).toBeInTheDocument()
    expect(resendLink()).toBeDisabled()
    await passTime(1000)
    expect(screen.getByText('Resend code in 00:58')).toBeInTheDocument()
    await passTime(48_000)
    expect(screen.getByText('Resend code in 00:10')).toBeInTheDocument()
    expect(resendLink()).toBeDisabled()
    await passTime(10_000)
    expect(screen.queryByText(/Resend code in/)).toBeNull()
    expect(resendLink()).toBeEnabled()
  })

  it('refuses more than 4 digits or a non-digit with "Max OTP length is 4 digits."', async () => {
    const { user } = open()
    await user.type(codeField(), '12345')
    expect(codeField()).toHaveValue('1234')
    expect(screen.getByText('Max OTP length is 4 digits.')).toBeInTheDocument()
    await user.clear(codeField())
    expect(screen.queryByText('Max OTP length is 4 digits.')).toBeNull()
    await user.type(codeField(), '1a')
    expect(codeField()).toHaveValue('1')
    expect(screen.getByText('Max OTP length is 4 digits.')).toBeInTheDocument()
  })

  it('verifies by the address of the link (any browser session), keeps the reset token and opens /update-password', async () => {
    mockedVerify.mockResolvedValue({ ok: true, status: 200, data: { reset_token: 'reset-1' } })
    const { user, currentUrl } = open()
    await user.type(codeField(), '4821')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    // No request id is stored in this session: the address finds the code.
    expect(localStorage.getItem('request_id')).toBeNull()
    expect(mockedVerify).toHaveBeenCalledWith('4821', { email: 'asha@example.com' })
    expect(getResetToken()).toBe('reset-1')
    // The result toast, which takes the place of the signup's 'OTP Sent Successfully!'.
    expect(notify.success).toHaveBeenCalledWith('OTP verified successfully!')
    expect(currentUrl()).toBe('/update-password?email=asha%40example.com')
  })

  it('verifies with the stored request id when the link names no address', async () => {
    localStorage.setItem('request_id', 'req-1')
    mockedVerify.mockResolvedValue({ ok: true, status: 200, data: { reset_token: 'reset-1' } })
    const { user } = open('/verify-otp-signup')
    await user.type(codeField(), '4821')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    expect(mockedVerify).toHaveBeenCalledWith('4821', { requestId: 'req-1' })
  })

  it('on a wrong code says one message under the code: "Enter Correct OTP" and the tries left', async () => {
    mockedVerify.mockResolvedValue({
      ok: false,
      status: 400,
      message: 'Enter Correct OTP',
      code: 'OTP_INVALID',
      body: { tries_left: 3 },
    })
    const { user, currentUrl } = open()
    await user.type(codeField(), '0000')
    await user.click(screen.getByRole('button', { name: 'Verify Account' }))
    await settle()
    expect(notify.error).not.toHaveBeenCalled()
    expect(notify.success).not.toHaveBeenCalled()
    expect(screen.getByText('Enter Correct OTP. 3 tries left.')).toBeInTheDocument()
    expect(getResetToken()).toBeNull()
    expect(currentUrl()).toBe(URL)
  })

  it('resends: toasts, keeps the new request id, restarts at 59 with the link disabled', async () => {
    localStorage.setItem('request_id', 'req-old')
    mockedSend.mockResolvedValue({
      ok: true,
      status: 200,
      data: { otp_response: { requestId: 'req-new' } },
    })
    const { user } = open()
    await passTime(59_000)
    await user.click(resendLink())
    await settle()
    expect(mockedSend).toHaveBeenCalledWith('asha@example.com')
    expect(notify.success).toHaveBeenCalledWith('OTP has been resent to your email!')
    expect(localStorage.getItem('request_id')).toBe('req-new')
    expect(screen.getByText('Resend code in 00:59')).toBeInTheDocument()
    expect(resendLink()).toBeDisabled()
  })

  it('says "Error resending OTP. Please try again." when the resend fails', async () => {
    mockedSend.mockResolvedValue({ ok: false, status: 500, message: '', code: '', body: {} })
    const { user } = open()
    await passTime(59_000)
    await user.click(resendLink())
    await settle()
    expect(notify.error).toHaveBeenCalledWith('Error resending OTP. Please try again.')
    expect(resendLink()).toBeEnabled()
  })

  it('with hotemailemail asks for a code on open, once, and keeps its request id', async () => {
    mockedSend.mockResolvedValue({
      ok: true,
      status: 200,
      data: { otp_response: { requestId: 'req-hot' } },
    })
    open('/verify-otp-signup?hotemailemail=ravi%40example.com')
    await settle()
    expect(mockedSend).toHaveBeenCalledTimes(1)
    expect(mockedSend).toHaveBeenCalledWith('ravi@example.com')
    expect(localStorage.getItem('request_id')).toBe('req-hot')
    expect(screen.getByText(/Code has been sent to/)).toHaveTextContent(
      'Code has been sent to ravi@example.com',
    )
  })

  it('with hotemailemail shows the server message when no code can be sent', async () => {
    mockedSend.mockResolvedValue({
      ok: false,
      status: 429,
      message: 'Too many codes were sent to this account today. Please try again tomorrow.',
      code: 'TOO_MANY_CODES',
      body: {},
    })
    open('/verify-otp-signup?hotemailemail=ravi%40example.com')
    await settle()
    expect(notify.error).toHaveBeenCalledWith(
      'Too many codes were sent to this account today. Please try again tomorrow.',
    )
    expect(localStorage.getItem('request_id')).toBeNull()
  })

  it('the header back button opens /loginn when there is no page to go back to', async () => {
    localStorage.setItem('access_token', 'tok')
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1)
    const { user, currentUrl } = open()
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(currentUrl()).toBe('/loginn')
  })

  it('the header back button forgets the stored access token and goes back', async () => {
    localStorage.setItem('access_token', 'tok')
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3)
    const { user } = open()
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(back).toHaveBeenCalledTimes(1)
  })
})
