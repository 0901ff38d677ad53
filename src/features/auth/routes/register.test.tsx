import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { register } from '../api/register'
import { renderAt } from '../auth.test-helpers'
import Register from './register'

vi.mock('../api/register', () => ({ register: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedRegister = vi.mocked(register)

interface Form {
  name: string
  phone: string
  email: string
  pin: string
  agree: boolean
}
const GOOD: Form = {
  name: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@example.com',
  pin: '4321',
  agree: true,
}

async function fill(form: Partial<Form> = {}, url = '/register') {
  const f = { ...GOOD, ...form }
  const view = renderAt(<Register />, url)
  const { user } = view
  if (f.name) await user.type(screen.getByLabelText('Name'), f.name)
  if (f.phone) await user.type(screen.getByLabelText('Phone number'), f.phone)
  if (f.email) await user.type(screen.getByLabelText('Email'), f.email)
  if (f.pin) await user.type(screen.getByLabelText('Password (4-digit PIN)'), f.pin)
  if (f.agree) await user.click(screen.getByRole('checkbox'))
  await user.click(screen.getByRole('button', { name: 'Register' }))
  return view
}

describe('Register screen', () => {
  beforeEach(() => vi.clearAllMocks())

  it('has labelled fields and links to the terms and the privacy policy', () => {
    renderAt(<Register />, '/register')
    for (const label of [
      'Name',
      'Phone number',
      'Email',
      'Password (4-digit PIN)',
      'Referral code (optional)',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/termsandcondition',
    )
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
  })

  it('says "Invalid phone number" for a phone not of 10 digits starting 6-9', async () => {
    await fill({ phone: '5876543210' })
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument()
    expect(mockedRegister).not.toHaveBeenCalled()
  })

  it('says "Invalid email address" for a malformed email', async () => {
    await fill({ email: 'asha@example' })
    expect(screen.getByText('Invalid email address')).toBeInTheDocument()
    expect(mockedRegister).not.toHaveBeenCalled()
  })

  it('asks to agree to the terms before going on', async () => {
    await fill({ agree: false })
    expect(screen.getByText('Agree Term & Condition to Proceed!')).toBeInTheDocument()
    // A field's error, under the field only.
    expect(notify.error).not.toHaveBeenCalled()
    expect(mockedRegister).not.toHaveBeenCalled()
  })

  it('allows only letters and spaces in the name, up to 20', async () => {
    await fill({ name: 'Asha 2' })
    expect(
      screen.getByText('Name must be letters and spaces, up to 20 characters.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '20')
    expect(mockedRegister).not.toHaveBeenCalled()
  })

  it('needs a PIN of exactly 4 digits', async () => {
    await fill({ pin: '12a' })
    expect(screen.getByText('Password must contain 4 digit only')).toBeInTheDocument()
    expect(mockedRegister).not.toHaveBeenCalled()
  })

  it.each([
    ['/register?referralId=ASHA42', 'ASHA42'],
    ['/signup?ref=RAVI7', 'RAVI7'],
    ['/register', ''],
  ])('prefills the referral code from %s', (url, code) => {
    renderAt(<Register />, url)
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue(code)
  })

  it('on 417 keeps access_token and request_id and opens the signup OTP screen', async () => {
    mockedRegister.mockResolvedValue({
      ok: false,
      status: 417,
      message: 'OTP Sent Successfully!',
      code: '',
      body: { access_token: 'tok-r', otp_response: { requestId: 'req-r' } },
    })
    const { currentUrl } = await fill({}, '/register?referralId=FRIEND1')
    expect(mockedRegister).toHaveBeenCalledWith({
      first_name: 'Asha Rao',
      phone_number: '9876543210',
      email: 'asha@example.com',
      password: '4321',
      referral_id: 'FRIEND1',
    })
    expect(localStorage.getItem('access_token')).toBe('tok-r')
    expect(localStorage.getItem('request_id')).toBe('req-r')
    expect(notify.success).toHaveBeenCalledWith('OTP Sent Successfully!')
    expect(currentUrl()).toBe('/verify-otp-signup?email=asha%40example.com')
  })

  it('on 409 says the user already exists', async () => {
    mockedRegister.mockResolvedValue({
      ok: false,
      status: 409,
      message: 'x',
      code: 'USER_EXISTS',
      body: {},
    })
    const { currentUrl } = await fill()
    const text = 'Please try with different user details, user already exists.'
    expect(screen.getByText(text)).toBeInTheDocument()
    // One message, under the form: no toast beside it.
    expect(notify.error).not.toHaveBeenCalled()
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(currentUrl()).toBe('/register')
  })

  it('shows any other server message', async () => {
    mockedRegister.mockResolvedValue({
      ok: false,
      status: 400,
      message: 'Invalid referral code.',
      code: 'INVALID_REFERRAL',
      body: {},
    })
    await fill()
    expect(screen.getByText('Invalid referral code.')).toBeInTheDocument()
    expect(notify.error).not.toHaveBeenCalled()
  })

  it("shows the server's message when the day's signup limit refuses the account (429 SIGNUP_LIMIT)", async () => {
    const message = 'This phone has already created 3 accounts today. Please try again tomorrow.'
    mockedRegister.mockResolvedValue({
      ok: false,
      status: 429,
      message,
      code: 'SIGNUP_LIMIT',
      body: {},
    })
    const { currentUrl } = await fill()
    expect(screen.getByText(message)).toBeInTheDocument()
    expect(notify.error).not.toHaveBeenCalled()
    expect(currentUrl()).toBe('/register')
  })

  it('sends an already verified account (success with a token) to /loginn', async () => {
    mockedRegister.mockResolvedValue({ ok: true, status: 200, data: { access_token: 'tok' } })
    const { currentUrl } = await fill()
    expect(currentUrl()).toBe('/loginn')
  })
})
