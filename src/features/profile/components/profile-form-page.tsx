/**
 * The page both profile forms are drawn in (add bank details, edit profile): the header, the form
 * with its fields, the form-level error (an alert) and the submit button, disabled while sending.
 */
import type { FormEvent, ReactNode } from 'react'
import { AppHeader } from '@/components/app-header'
import '../profile.css'

export function ProfileFormPage(props: {
  title: string
  submitLabel: string
  formError: string | null
  submitting: boolean
  onSubmit(): void
  children: ReactNode
}) {
  const { title, submitLabel, formError, submitting, onSubmit, children } = props
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <>
      <AppHeader title={title} />
      <main className="page">
        <form className="stack" onSubmit={submit} noValidate>
          {children}
          {formError ? (
            <p className="error-text" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="btn" disabled={submitting}>
            {submitLabel}
          </button>
        </form>
      </main>
    </>
  )
}
