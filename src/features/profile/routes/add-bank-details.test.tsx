import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { notify } from '@/lib/notify'
import { addBankDetails } from '../api/add-bank-details'
import { getBankDetails } from '../api/get-bank-details'
import { lookupIfsc, type IfscAnswer } from '../api/lookup-ifsc'
import { httpError, renderAt, settle } from '../profile.test-helpers'
import AddBankDetails from './add-bank-details'

vi.mock('../api/add-bank-details', () => ({ addBankDetails: vi.fn() }))
vi.mock('../api/get-bank-details', () => ({ getBankDetails: vi.fn() }))
vi.mock('../api/lookup-ifsc', () => ({ lookupIfsc: vi.fn() }))
vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }))

const mockedAdd = vi.mocked(addBankDetails)
const mockedGet = vi.mocked(getBankDetails)
const mockedLookup = vi.mocked(lookupIfsc)

const HDFC: IfscAnswer = {
  IFSC: 'HDFC0000001',
  BANK: 'HDFC Bank',
  BRANCH: 'SANDOZ HOUSE',
  source: 'service',
}
const NOT_FOUND = 'Invalid IFSC code or bank details not found.'
const BAD_FORMAT = 'Invalid IFSC code format'

async function open() {
  const view = renderAt(<AddBankDetails />, '/add-bank-details')
  await settle()
  return {
    ...view,
    account: screen.getByLabelText('Account Number'),
    accountAgain: screen.getByLabelText('Re-enter Account Number'),
    ifsc: screen.getByLabelText('IFSC Code'),
    holder: screen.getByLabelText('Account Holder Name'),
    submit: () => view.user.click(screen.getByRole('button', { name: 'Submit' })),
  }
}

describe('Add bank details screen', () => {
  let consoleError: ReturnType<typeof vi.spyOn>
  beforeEach(() => {
    vi.clearAllMocks()
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mockedGet.mockResolvedValue(null)
    mockedLookup.mockImplementation(async (code) => (code === 'HDFC0000001' ? HDFC : null))
  })

  it('keeps only the digits of the account number, at most 16', async () => {
    const { user, account } = await open()
    await user.type(account, '12-34 ab5678901234567890')
    expect(account).toHaveValue('1234567890123456')
  })

  it('uppercases the IFSC and cuts it to 11 characters', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'hdfc0000001xyz')
    expect(ifsc).toHaveValue('HDFC0000001')
  })

  it('uppercases the account holder name', async () => {
    const { user, holder } = await open()
    await user.type(holder, 'Asha Rao')
    expect(holder).toHaveValue('ASHA RAO')
  })

  it('shows the bank and branch once a well-formed IFSC resolves', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'hdfc0000001')
    expect(await screen.findByText('HDFC Bank')).toBeInTheDocument()
    expect(screen.getByText('SANDOZ HOUSE')).toBeInTheDocument()
    expect(mockedLookup).toHaveBeenCalledWith('HDFC0000001')
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument()
  })

  it('shows only the bank when the answer has no branch (the bundled fallback)', async () => {
    mockedLookup.mockResolvedValue({ ...HDFC, BRANCH: '', source: 'bundled' })
    const { user, ifsc } = await open()
    await user.type(ifsc, 'HDFC0000001')
    expect(await screen.findByText('HDFC Bank')).toBeInTheDocument()
    expect(screen.queryByText('Branch:')).not.toBeInTheDocument()
  })

  it('shows the format message for a malformed 11-character code and looks nothing up', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'HDFC1000001')
    expect(screen.getByText(BAD_FORMAT)).toBeInTheDocument()
    expect(ifsc).toHaveAttribute('aria-invalid', 'true')
    expect(mockedLookup).not.toHaveBeenCalled()
  })

  it('shows the format message for an incomplete code once the field is left', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'HDFC00')
    expect(screen.queryByText(BAD_FORMAT)).not.toBeInTheDocument()
    await user.tab()
    expect(screen.getByText(BAD_FORMAT)).toBeInTheDocument()
  })

  it('shows the product’s not-found message for a code the lookup does not know', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'SBIN0999999')
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument()
    expect(screen.queryByTestId('bank-resolved')).not.toBeInTheDocument()
  })

  it('shows the not-found message when the lookup fails (offline)', async () => {
    mockedLookup.mockRejectedValue(new TypeError('Failed to fetch'))
    const { user, ifsc } = await open()
    await user.type(ifsc, 'HDFC0000001')
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument()
  })

  it('clears the bank and branch as soon as a resolved code changes', async () => {
    const { user, ifsc } = await open()
    await user.type(ifsc, 'HDFC0000001')
    expect(await screen.findByText('HDFC Bank')).toBeInTheDocument()
    await user.type(ifsc, '{Backspace}')
    expect(screen.queryByText('HDFC Bank')).not.toBeInTheDocument()
    expect(screen.queryByText('SANDOZ HOUSE')).not.toBeInTheDocument()
    await user.type(ifsc, '2')
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument()
    expect(screen.queryByText('HDFC Bank')).not.toBeInTheDocument()
  })

  it('prefills the saved details with the toast of docs/product.md#api', async () => {
    mockedGet.mockResolvedValue({
      acc_no: '50100123456789',
      ifsc: 'HDFC0000001',
      holder_name: 'ASHA RAO',
      bank: 'HDFC Bank',
      branch: 'SANDOZ HOUSE',
    })
    const { account, ifsc, holder } = await open()
    expect(account).toHaveValue('50100123456789')
    expect(ifsc).toHaveValue('HDFC0000001')
    expect(holder).toHaveValue('ASHA RAO')
    expect(screen.getByText('SANDOZ HOUSE')).toBeInTheDocument()
    expect(notify.success).toHaveBeenCalledWith('Bank details fetched successfully!')
  })

  it('only logs a failed prefill: no toast, empty fields', async () => {
    mockedGet.mockRejectedValue(
      httpError(500, { code: 'INTERNAL', message: 'Something went wrong' }),
    )
    const { account } = await open()
    expect(account).toHaveValue('')
    expect(notify.success).not.toHaveBeenCalled()
    expect(notify.error).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(consoleError).toHaveBeenCalledWith('bank details prefill failed', expect.anything())
  })

  it('asks to fill out all fields when one is empty', async () => {
    const { user, account, accountAgain, ifsc, submit } = await open()
    await user.type(account, '123456')
    await user.type(accountAgain, '123456')
    await user.type(ifsc, 'HDFC0000001')
    await screen.findByText('HDFC Bank')
    await submit()
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.')
    expect(mockedAdd).not.toHaveBeenCalled()
  })

  it('refuses to submit with an IFSC that has not resolved, naming the mistake once', async () => {
    const { user, account, accountAgain, ifsc, holder, submit } = await open()
    await user.type(account, '123456')
    await user.type(accountAgain, '123456')
    await user.type(ifsc, 'SBIN0999999')
    await user.type(holder, 'Asha Rao')
    await screen.findByText(NOT_FOUND)
    await submit()
    // The field's own message stands alone: no second "Invalid IFSC code." for the same mistake.
    expect(screen.getAllByText(NOT_FOUND)).toHaveLength(1)
    expect(screen.queryByText('Invalid IFSC code.')).not.toBeInTheDocument()
    expect(mockedAdd).not.toHaveBeenCalled()
  })

  it('asks for the account number twice and says once, under the second, when they differ', async () => {
    const { user, account, accountAgain, ifsc, holder, submit } = await open()
    await user.type(account, '50100123456789')
    await user.type(accountAgain, '50100123456780')
    await user.type(ifsc, 'HDFC0000001')
    await user.type(holder, 'Asha Rao')
    await screen.findByText('HDFC Bank')
    await submit()
    expect(screen.getByRole('alert')).toHaveTextContent('The account numbers do not match.')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(accountAgain).toHaveAttribute('aria-invalid', 'true')
    expect(mockedAdd).not.toHaveBeenCalled()

    await user.clear(accountAgain)
    await user.type(accountAgain, '50100123456789')
    expect(screen.queryByText('The account numbers do not match.')).not.toBeInTheDocument()
  })

  async function fillValid() {
    const view = await open()
    await view.user.type(view.account, '50100123456789')
    await view.user.type(view.accountAgain, '50100123456789')
    await view.user.type(view.ifsc, 'HDFC0000001')
    await view.user.type(view.holder, 'Asha Rao')
    await screen.findByText('HDFC Bank')
    return view
  }

  it('posts the details as docs/product.md#api names them and goes to the confirmation page', async () => {
    mockedAdd.mockResolvedValue()
    const { submit, currentUrl } = await fillValid()
    await submit()
    await settle()
    expect(mockedAdd).toHaveBeenCalledWith({
      account_number: '50100123456789',
      ifsc: 'HDFC0000001',
      account_holder: 'ASHA RAO',
    })
    expect(currentUrl()).toBe('/bank-details-confirmation')
  })

  it('shows the server’s message when the save is refused', async () => {
    mockedAdd.mockRejectedValue(
      httpError(400, {
        code: 'IFSC_NOT_FOUND',
        message: 'Invalid IFSC code or bank details not found.',
      }),
    )
    const { submit, currentUrl } = await fillValid()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND)
    expect(currentUrl()).toBe('/add-bank-details')
  })

  it('shows the product’s failure text when the refusal carries no message', async () => {
    mockedAdd.mockRejectedValue(httpError(500))
    const { submit } = await fillValid()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to add bank details. Please try again.',
    )
  })

  it('shows the product’s network text when the request never got an answer', async () => {
    mockedAdd.mockRejectedValue(new TypeError('Failed to fetch'))
    const { submit } = await fillValid()
    await submit()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while submitting bank details. Please try again.',
    )
  })
})
