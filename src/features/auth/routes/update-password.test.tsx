import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { getResetToken, setResetToken } from '@/lib/session'
import { newPassword } from '../api/new-password'
import { unlockAccount } from '../api/unlock-account'
import { renderAt } from '../auth.test-helpers'
import UpdatePassword from './update-password'

vi.mock('../api/new-password', () => ({ newPassword: vi.fn() }))
vi.mock('../api/unlock-account', () => ({ unlockAccount: vi.fn() }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mocked = vi.mocked(newPassword)
const URL = '/update-password?email=asha%40example.com'

async function submit(pin: string, confirm: string, url = URL) {
  const view = renderAt(<UpdatePassword />, url)
  if (pin) await view.user.type(screen.getByLabelText('New password (4-digit PIN)'), pin)
  if (confirm) await view.user.type(screen.getByLabelText('Confirm password'), confirm)
  await view.user.click(screen.getByRole('button', { name: 'Change Password' }))
  return view
}

describe('Create new password screen', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    sessionStorage.clear()
  })

  it.each(['12', 'ab12', ''])('says "Password must contain 4 digit only" for %j', async (pin) => {
    await submit(pin, pin)
    expect(screen.getByText('Password must contain 4 digit only')).toBeInTheDocument()
    expect(mocked).not.toHaveBeenCalled()
  })

  it('says "Passwords do not match" when the entries differ', async () => {
    await submit('1234', '1243')
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(mocked).not.toHaveBeenCalled()
  })

  it('has a show/hide toggle on both entries', () => {
    renderAt(<UpdatePassword />, URL)
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2)
  })

  it('sends email, PIN and reset token; on success toasts and opens /loginn', async () => {
    setResetToken('reset-9')
    mocked.mockResolvedValue({
      ok: true,
      status: 200,
      data: { message: 'Password changed successfully!' },
    })
    const { currentUrl } = await submit('2468', '2468')
    expect(mocked).toHaveBeenCalledWith({
      email_id: 'asha@example.com',
      new_password: '2468',
      reset_token: 'reset-9',
    })
    expect(notify.success).toHaveBeenCalledWith('Password changed successfully!')
    expect(getResetToken()).toBeNull()
    expect(currentUrl()).toBe('/loginn')
  })

  it('on failure toasts "Failed to change password. Please try again."', async () => {
    setResetToken('stale')
    mocked.mockResolvedValue({
      ok: false,
      status: 400,
      message: 'x',
      code: 'RESET_TOKEN_INVALID',
      body: {},
    })
    const { currentUrl } = await submit('2468', '2468')
    expect(notify.error).toHaveBeenCalledWith('Failed to change password. Please try again.')
    expect(currentUrl()).toBe(URL)
  })

  it('from a lock mail spends the unlock link for a reset token, then sets the PIN', async () => {
    vi.mocked(unlockAccount).mockResolvedValue({
      ok: true,
      status: 200,
      data: { message: 'Unlocked', reset_token: 'reset-from-link' },
    })
    mocked.mockResolvedValue({ ok: true, status: 200, data: { message: 'ok' } })
    const { currentUrl } = await submit('2468', '2468', `${URL}&unlock=link-token`)
    expect(unlockAccount).toHaveBeenCalledWith('asha@example.com', 'link-token')
    expect(mocked).toHaveBeenCalledWith({
      email_id: 'asha@example.com',
      new_password: '2468',
      reset_token: 'reset-from-link',
    })
    expect(currentUrl()).toBe('/loginn')
  })

  it('says the unlock link is spent and sets nothing when the server refuses it', async () => {
    vi.mocked(unlockAccount).mockResolvedValue({
      ok: false,
      status: 400,
      message: 'x',
      code: 'UNLOCK_LINK_INVALID',
      body: {},
    })
    await submit('2468', '2468', `${URL}&unlock=old-token`)
    expect(notify.error).toHaveBeenCalledWith(
      'This unlock link was used or is older than 24 hours. Choose "Forgot password?" to reset your PIN.',
    )
    expect(mocked).not.toHaveBeenCalled()
  })
})
