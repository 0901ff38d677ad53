/**
 * Edit profile (docs/product.md#screens, #validation): First Name and Phone, prefilled from the user store, each checked
 * on every change and again on submit with docs/product.md#validation's texts. Success: toast 'Profile updated
 * successfully!' and /dashboard; failure: the server's message (docs/product.md#messages).
 */
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { notify } from '@/lib/notify'
import { refreshUser } from '@/stores/get-user'
import { useUserStore } from '@/stores/user-store'
import { checkProfileName, checkProfilePhone } from '@contract/validation'
import { TextField } from '@/components/text-field'
import { editProfile } from '../api/edit-profile'
import { ProfileFormPage } from '../components/profile-form-page'
import { useProfileForm } from '../hooks/use-profile-form'
import { msg, t } from '@/i18n/i18n'

const FALLBACK_ERROR = msg('An error occurred while processing your request. Please try again.')

export default function EditProfile() {
  const user = useUserStore((s) => s.user)
  const [, navigate] = useLocation()
  const [name, setName] = useState(user?.first_name ?? '')
  const [phone, setPhone] = useState(user?.phone_number ?? '')
  const [nameError, setNameError] = useState<string | null>(null)
  const [phoneError, setPhoneError] = useState<string | null>(null)
  const form = useProfileForm()
  const { touched, edited } = form

  // Without a stored user (first open on this device), fetch it and prefill once it arrives.
  useEffect(() => {
    if (!useUserStore.getState().user) refreshUser().catch(() => undefined)
  }, [])
  useEffect(() => {
    if (!user || touched.current) return
    setName(user.first_name)
    setPhone(user.phone_number)
  }, [user, touched])

  function onNameChange(value: string) {
    edited()
    setName(value)
    setNameError(checkProfileName(value))
  }

  function onPhoneChange(value: string) {
    edited()
    setPhone(value)
    setPhoneError(checkProfilePhone(value))
  }

  function onSubmit() {
    const nameProblem = checkProfileName(name)
    const phoneProblem = checkProfilePhone(phone)
    setNameError(nameProblem)
    setPhoneError(phoneProblem)
    if (nameProblem || phoneProblem) return
    void form.submit(
      async () => {
        const { data } = await editProfile({ first_name: name.trim(), phone_number: phone })
        const current = useUserStore.getState().user
        if (current) useUserStore.getState().setUser({ ...current, ...data })
        notify.success(t('Profile updated successfully!'))
        navigate('/dashboard')
      },
      (apiError) => apiError?.message || t(FALLBACK_ERROR),
    )
  }

  return (
    <ProfileFormPage
      title={t('Edit Profile')}
      submitLabel={t('Save Changes')}
      formError={form.formError}
      submitting={form.submitting}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('First Name')}
        value={name}
        autoComplete="given-name"
        error={nameError}
        onChange={(e) => onNameChange(e.target.value)}
      />
      <TextField
        label={t('Phone')}
        leading="+91"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={phone}
        error={phoneError}
        onChange={(e) => onPhoneChange(e.target.value)}
      />
    </ProfileFormPage>
  )
}
