/**
 * Add bank details (docs/product.md#screens, #validation, #messages): account number (digits only, up to 16, typed twice), IFSC (uppercased,
 * up to 11, format-checked, then looked up: bank and branch appear once it resolves), account
 * holder name (uppercased). Prefilled from the saved details with a toast; a failed prefill only
 * logs. Submit needs all three fields and a resolved IFSC; 200 goes to the confirmation page.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { useLocation } from 'wouter'
import { notify } from '@/lib/notify'
import { normalizeAccountNumber } from '@contract/validation'
import { TextField } from '@/components/text-field'
import { addBankDetails } from '../api/add-bank-details'
import { getBankDetails } from '../api/get-bank-details'
import { ProfileFormPage } from '../components/profile-form-page'
import { useIfscField } from '../hooks/use-ifsc-field'
import { useProfileForm } from '../hooks/use-profile-form'
import { t } from '@/i18n/i18n'
import { msg } from '@/i18n/msg'

/** The second account number differs from the first (shown under the second). */
const ACCOUNT_MISMATCH = msg('The account numbers do not match.')

export default function AddBankDetails() {
  const [, navigate] = useLocation()
  const [account, setAccount] = useState('')
  // The account number typed a second time, as every Indian bank form asks: a slip of one digit
  // would send the money to someone else's account.
  const [accountAgain, setAccountAgain] = useState('')
  const [showMismatch, setShowMismatch] = useState(false)
  const [holder, setHolder] = useState('')
  const ifsc = useIfscField()
  const form = useProfileForm()
  const { touched, edited, setFormError } = form
  const ifscHelpId = useId()
  const { prefill } = ifsc
  /** An input's change handler: marks the form edited (no prefill after that), then `apply`. */
  const editedTo = (apply: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    edited()
    apply(e.currentTarget.value)
  }

  useEffect(() => {
    let active = true
    getBankDetails()
      .then((saved) => {
        if (!active || !saved || touched.current) return
        setAccount(saved.acc_no)
        setAccountAgain(saved.acc_no)
        setHolder(saved.holder_name)
        prefill(saved.ifsc, saved.bank, saved.branch)
        notify.success(t('Bank details fetched successfully!'))
      })
      .catch((error: unknown) => console.error('bank details prefill failed', error))
    return () => {
      active = false
    }
  }, [prefill, touched])

  const mismatch = accountAgain !== '' && accountAgain !== account

  function onSubmit() {
    setFormError(null)
    if (!account || !accountAgain || !ifsc.value || !holder.trim()) {
      setFormError(t('Please fill out all fields.'))
      return
    }
    if (mismatch) {
      // The field says so under itself: one message for one mistake.
      setShowMismatch(true)
      return
    }
    if (ifsc.status !== 'valid') {
      // A code the field already calls wrong is not named twice.
      if (!ifsc.error) setFormError(t('Invalid IFSC code.'))
      return
    }
    void form.submit(
      async () => {
        await addBankDetails({
          account_number: account,
          ifsc: ifsc.value,
          account_holder: holder.trim(),
        })
        navigate('/bank-details-confirmation')
      },
      (apiError) =>
        apiError
          ? apiError.message || t('Failed to add bank details. Please try again.')
          : t('An error occurred while submitting bank details. Please try again.'),
    )
  }

  return (
    <ProfileFormPage
      title={t('Add Bank Details')}
      submitLabel={t('Submit')}
      formError={form.formError}
      submitting={form.submitting}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('Account Number')}
        inputMode="numeric"
        autoComplete="off"
        value={account}
        onChange={editedTo((value) => setAccount(normalizeAccountNumber(value)))}
      />
      <TextField
        label={t('Re-enter Account Number')}
        inputMode="numeric"
        autoComplete="off"
        value={accountAgain}
        error={showMismatch && mismatch ? ACCOUNT_MISMATCH : undefined}
        onChange={editedTo((value) => setAccountAgain(normalizeAccountNumber(value)))}
        onBlur={() => setShowMismatch(true)}
      />
      <TextField
        label={t('IFSC Code')}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={ifsc.value}
        aria-invalid={ifsc.status === 'invalid' ? true : undefined}
        aria-describedby={ifscHelpId}
        onChange={editedTo(ifsc.onChange)}
        onBlur={ifsc.onBlur}
      >
        <div id={ifscHelpId} aria-live="polite">
          {ifsc.error ? <p className="error-text">{t(ifsc.error)}</p> : null}
          {ifsc.status === 'checking' ? <p className="muted">{t('Checking IFSC code…')}</p> : null}
          {ifsc.status === 'valid' && ifsc.bank ? (
            <div className="bank-resolved" data-testid="bank-resolved">
              <p>
                <strong>{t('Bank:')}</strong> {ifsc.bank}
              </p>
              {ifsc.branch ? (
                <p>
                  <strong>{t('Branch:')}</strong> {ifsc.branch}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </TextField>
      <TextField
        label={t('Account Holder Name')}
        autoCapitalize="characters"
        autoComplete="name"
        value={holder}
        onChange={editedTo((value) => setHolder(value.toUpperCase()))}
      />
    </ProfileFormPage>
  )
}
