import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { forgotPassword } from '../api/forgot-password'
import { renderAt } from '../auth.test-helpers'
import EnterEmail from './enter-email'

vi.mock('../api/forgot-password', () => ({ forgotPassword: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mocked = vi.mocked(forgotPassword)
const emailField = () => screen.getByLabelText('Email')
const send = () => screen.getByRole('button', { name: 'Send Code' })

describe('Forgot password (email) screen', () => {
  beforeEach(() => vi.clearAllMocks())

  it('prefills the email from hotemailemail', () => {
    renderAt(<EnterEmail />, '/enter-email?hotemailemail=ravi%40example.com')
    expect(emailField()).toHaveValue('ravi@example.com')
  })

  it('checks the format on blur', async () => {
    const { user } = renderAt(<EnterEmail />, '/enter-email')
    await user.type(emailField(), 'ravi@')
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull()
    await user.tab()
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    await user.type(emailField(), 'example.com')
    await user.tab()
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull()
  })

  it('checks the length (154 at most) on blur', async () => {
    const { user } = renderAt(<EnterEmail />, '/enter-email')
    await user.click(emailField())
    await user.paste(`${'a'.repeat(150)}@b.com`)
    await user.tab()
    expect(screen.getByText('Email must be 154 characters or less.')).toBeInTheDocument()
  })

  it('checks before sending and sends nothing when invalid', async () => {
    const { user } = renderAt(<EnterEmail />, '/enter-email')
    await user.click(send())
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(mocked).not.toHaveBeenCalled()
  })

  it('on success toasts "Otp sent to your email." and opens the reset OTP screen', async () => {
    mocked.mockResolvedValue({
      ok: true,
      status: 200,
      data: { message: 'Otp sent to your email.' },
    })
    const { user, currentUrl } = renderAt(
      <EnterEmail />,
      '/enter-email?hotemailemail=ravi%40example.com',
    )
    await user.click(send())
    expect(mocked).toHaveBeenCalledWith('ravi@example.com')
    expect(notify.success).toHaveBeenCalledWith('Otp sent to your email.')
    expect(currentUrl()).toBe('/enter-email-otp?email=ravi%40example.com')
  })

  it('on failure toasts "Failed to send forget password request. Please try again."', async () => {
    mocked.mockResolvedValue({ ok: false, status: 500, message: '', code: '', body: {} })
    const { user, currentUrl } = renderAt(<EnterEmail />, '/enter-email')
    await user.type(emailField(), 'ravi@example.com')
    await user.click(send())
    expect(notify.error).toHaveBeenCalledWith(
      'Failed to send forget password request. Please try again.',
    )
    expect(currentUrl()).toBe('/enter-email')
  })
})
