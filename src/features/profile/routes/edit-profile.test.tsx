import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { useUserStore } from '@/stores/user-store'
import { editProfile } from '../api/edit-profile'
import { httpError, renderAt, SAMPLE_USER, settle } from '../profile.test-helpers'
import EditProfile from './edit-profile'

vi.mock('../api/edit-profile', () => ({ editProfile: vi.fn() }))
vi.mock('@/stores/get-user', () => ({ refreshUser: vi.fn(async () => SAMPLE_USER) }))
vi.mock('@/lib/notify', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), clear: vi.fn() },
}))

const mockedEdit = vi.mocked(editProfile)
const BAD_NAME = 'Invalid name. Only alphabets allowed, 3-30 characters.'
const BAD_PHONE = 'Invalid phone number. Must be 10 digits starting with 6-9.'

function open() {
  const view = renderAt(<EditProfile />, '/edit-profile')
  return {
    ...view,
    name: screen.getByLabelText('First Name'),
    phone: screen.getByLabelText('Phone'),
  }
}

describe('Edit profile screen', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    // The persisted store logs that jsdom has no IndexedDB; the screen's own logging is not under test here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    useUserStore.getState().setUser({ ...SAMPLE_USER })
  })

  it('prefills First Name and Phone from the signed-in user', () => {
    const { name, phone } = open()
    expect(name).toHaveValue('Asha Rao')
    expect(phone).toHaveValue('9876543210')
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument()
  })

  it.each([
    ['too short', 'Al'],
    ['with digits', 'Asha 2'],
    ['with symbols', 'Asha-Rao'],
    ['longer than 30 characters', 'A'.repeat(31)],
  ])(
    'shows the product’s name message as soon as the name is %s, and hides it once fixed',
    async (_l, bad) => {
      const { user, name } = open()
      await user.clear(name)
      await user.type(name, bad)
      expect(screen.getByText(BAD_NAME)).toBeInTheDocument()
      expect(name).toHaveAttribute('aria-invalid', 'true')
      await user.clear(name)
      await user.type(name, 'Ravi Kumar')
      expect(screen.queryByText(BAD_NAME)).not.toBeInTheDocument()
    },
  )

  it.each([
    ['too short', '98765'],
    ['starting with 5', '5876543210'],
    ['with letters', '98765abcde'],
    ['11 digits long', '98765432101'],
  ])(
    'shows the product’s phone message as soon as the phone is %s, and hides it once fixed',
    async (_l, bad) => {
      const { user, phone } = open()
      await user.clear(phone)
      await user.type(phone, bad)
      expect(screen.getByText(BAD_PHONE)).toBeInTheDocument()
      await user.clear(phone)
      await user.type(phone, '6123456789')
      expect(screen.queryByText(BAD_PHONE)).not.toBeInTheDocument()
    },
  )

  it('checks both fields again on submit and sends nothing while either is invalid', async () => {
    useUserStore.getState().setUser({ ...SAMPLE_USER, first_name: 'Al', phone_number: '123' })
    const { user } = open()
    expect(screen.queryByText(BAD_NAME)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(screen.getByText(BAD_NAME)).toBeInTheDocument()
    expect(screen.getByText(BAD_PHONE)).toBeInTheDocument()
    expect(mockedEdit).not.toHaveBeenCalled()
  })

  it('saves, toasts success, updates the stored user and goes to /dashboard', async () => {
    mockedEdit.mockResolvedValue({
      message: 'Profile updated successfully!',
      data: { first_name: 'Ravi Kumar', phone_number: '7000000001' },
    })
    const { user, name, phone, currentUrl } = open()
    await user.clear(name)
    await user.type(name, 'Ravi Kumar ')
    await user.clear(phone)
    await user.type(phone, '7000000001')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await settle()
    expect(mockedEdit).toHaveBeenCalledWith({
      first_name: 'Ravi Kumar',
      phone_number: '7000000001',
    })
    expect(notify.success).toHaveBeenCalledWith('Profile updated successfully!')
    expect(useUserStore.getState().user).toMatchObject({
      first_name: 'Ravi Kumar',
      phone_number: '7000000001',
      email: SAMPLE_USER.email,
    })
    expect(currentUrl()).toBe('/dashboard')
  })

  it('shows the server’s message when the save is refused and stays on the screen', async () => {
    mockedEdit.mockRejectedValue(
      httpError(409, {
        code: 'PHONE_TAKEN',
        message: 'This phone number is already used by another account.',
      }),
    )
    const { user, currentUrl } = open()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already used by another account.',
    )
    expect(notify.success).not.toHaveBeenCalled()
    expect(currentUrl()).toBe('/edit-profile')
    expect(useUserStore.getState().user).toMatchObject({ first_name: 'Asha Rao' })
  })

  it('shows a general message when the server cannot be reached', async () => {
    mockedEdit.mockRejectedValue(new TypeError('Failed to fetch'))
    const { user } = open()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while processing your request. Please try again.',
    )
  })
})
