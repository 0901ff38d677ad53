import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { login } from '../api/login'
import { renderAt } from '../auth.test-helpers'
import Login from './login'

vi.mock('../api/login', () => ({ login: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedLogin = vi.mocked(login)
const INVALID = 'Invalid credentials. Please enter correct ID and password.'

async function fillAndSubmit(identifier: string, pin = '1234') {
  const view = renderAt(<Login />, '/loginn')
  if (identifier) await view.user.type(screen.getByLabelText('Email or phone number'), identifier)
  if (pin) await view.user.type(screen.getByLabelText('Password'), pin)
  await view.user.click(screen.getByRole('button', { name: 'Login' }))
  return view
}

describe('Login screen', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(() => vi.restoreAllMocks())

  it('shows the logo, heading, placeholders, terms line and links of docs/product.md#screens', () => {
    renderAt(<Login />, '/loginn')
    expect(screen.getByRole('img', { name: 'Watch & Earn' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Enter your email or phone number')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Enter your password')).toHaveAttribute('maxLength', '4')
    const terms = screen.getByText(/By going forward you agree to/)
    expect(terms).toHaveTextContent('By going forward you agree to Terms & Conditions')
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/termsandcondition',
    )
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/enter-email',
    )
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
  })

  it('refuses an identifier that is neither an email nor 10 digits', async () => {
    await fillAndSubmit('98765')
    expect(screen.getByText('Please enter a valid email or phone number.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email or phone number')).toHaveAttribute('aria-invalid', 'true')
    expect(mockedLogin).not.toHaveBeenCalled()
  })

  it('refuses an identifier longer than 154 characters', async () => {
    const view = renderAt(<Login />, '/loginn')
    const long = `${'a'.repeat(150)}@b.com`
    const field = screen.getByLabelText('Email or phone number')
    await view.user.click(field)
    await view.user.paste(long)
    await view.user.type(screen.getByLabelText('Password'), '1234')
    await view.user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByText('Input must be 154 characters or less.')).toBeInTheDocument()
    expect(mockedLogin).not.toHaveBeenCalled()
  })

  it('requires the password', async () => {
    await fillAndSubmit('a@b.co', '')
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument()
    expect(mockedLogin).not.toHaveBeenCalled()
  })

  it('keeps the password to 4 characters', async () => {
    const { user } = renderAt(<Login />, '/loginn')
    const pin = screen.getByLabelText('Password')
    await user.type(pin, '123456')
    expect(pin).toHaveValue('1234')
  })

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderAt(<Login />, '/loginn')
    const pin = screen.getByLabelText('Password')
    expect(pin).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(pin).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(pin).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
  })

  it('stores the token, toasts success and opens the dashboard', async () => {
    mockedLogin.mockResolvedValue({ ok: true, status: 200, data: { access_token: 'tok-1' } })
    const { currentUrl } = await fillAndSubmit('User@Example.com')
    expect(mockedLogin).toHaveBeenCalledWith({ identifier: 'User@Example.com', pin: '1234' })
    expect(localStorage.getItem('access_token')).toBe('tok-1')
    expect(notify.success).toHaveBeenCalledWith('Login successful!')
    expect(currentUrl()).toBe('/dashboard')
  })

  it('logs in with a 10-digit phone number the same way', async () => {
    mockedLogin.mockResolvedValue({ ok: true, status: 200, data: { access_token: 'tok-2' } })
    const { currentUrl } = await fillAndSubmit('9876543210')
    expect(mockedLogin).toHaveBeenCalledWith({ identifier: '9876543210', pin: '1234' })
    expect(currentUrl()).toBe('/dashboard')
  })

  it('shows one message on a 401: the product’s inline text, no toast beside it', async () => {
    mockedLogin.mockResolvedValue({
      ok: false,
      status: 401,
      message: INVALID,
      code: 'INVALID_CREDENTIALS',
      body: {},
    })
    const { currentUrl } = await fillAndSubmit('a@b.co')
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID)
    expect(notify.error).not.toHaveBeenCalled()
    expect(notify.success).not.toHaveBeenCalled()
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(currentUrl()).toBe('/loginn')
  })

  it('treats a success without a token as a failure', async () => {
    mockedLogin.mockResolvedValue({ ok: true, status: 200, data: { message: 'ok' } })
    const { currentUrl } = await fillAndSubmit('a@b.co')
    expect(screen.getByText(INVALID)).toBeInTheDocument()
    expect(notify.error).not.toHaveBeenCalled()
    expect(currentUrl()).toBe('/loginn')
  })

  it('treats no answer at all (offline) as a failure', async () => {
    mockedLogin.mockResolvedValue({
      ok: false,
      status: null,
      message: '',
      code: 'NETWORK',
      body: {},
    })
    await fillAndSubmit('a@b.co')
    expect(screen.getByText(INVALID)).toBeInTheDocument()
    expect(notify.error).not.toHaveBeenCalled()
  })

  it.each([
    [423, 'Too many wrong PINs. Your account is locked for 15 minutes.'],
    [429, 'Too many attempts. Try again in a minute.'],
  ])('shows the server message of a %i (lockout) instead', async (status, message) => {
    mockedLogin.mockResolvedValue({ ok: false, status, message, code: 'X', body: {} })
    await fillAndSubmit('a@b.co')
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(notify.error).not.toHaveBeenCalled()
    expect(screen.queryByText(INVALID)).toBeNull()
  })

  it('sends an unverified account (417) to the signup OTP screen with token and request id kept', async () => {
    mockedLogin.mockResolvedValue({
      ok: false,
      status: 417,
      message: 'OTP Sent Successfully!',
      code: '',
      body: { access_token: 'tok-3', otp_response: { requestId: 'req-9' } },
    })
    const { currentUrl } = await fillAndSubmit('new@b.co')
    expect(localStorage.getItem('access_token')).toBe('tok-3')
    expect(localStorage.getItem('request_id')).toBe('req-9')
    expect(currentUrl()).toBe('/verify-otp-signup?email=new%40b.co')
  })

  it('shows progress on the Login button while waiting', async () => {
    let answer: (value: Awaited<ReturnType<typeof login>>) => void = () => {}
    mockedLogin.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { findByRole } = await fillAndSubmit('a@b.co')
    const busy = await findByRole('button', { name: 'Logging in…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    answer({ ok: true, status: 200, data: { access_token: 't' } })
    expect(await findByRole('button', { name: 'Login' })).toBeEnabled()
  })

  it('goes back one step with the header back button', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {})
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(2)
    const { user } = renderAt(<Login />, '/loginn')
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(back).toHaveBeenCalledTimes(1)
  })
})
