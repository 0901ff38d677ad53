/** The printed one-time password is replaced before anything else (at least 12 characters). */
import { useState, type FormEvent } from 'react'
import { OpsError, opsCall } from '../../lib/api.ts'

export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const [error, setError] = useState('')
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (form.get('new_password') !== form.get('repeat')) {
      setError('The two new passwords differ.')
      return
    }
    try {
      await opsCall('/password', {
        method: 'POST',
        body: {
          current_password: form.get('current_password'),
          new_password: form.get('new_password'),
        },
      })
      onChanged()
    } catch (e) {
      setError(e instanceof OpsError ? e.message : 'Could not reach the server.')
    }
  }
  return (
    <main className="login">
      <h1>Set your password</h1>
      <p>The password you were given works once. Choose one of at least 12 characters.</p>
      <form onSubmit={submit}>
        <label>
          Current (one-time) password
          <input name="current_password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          New password
          <input
            name="new_password"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
          />
        </label>
        <label>
          Repeat the new password
          <input
            name="repeat"
            type="password"
            autoComplete="new-password"
            minLength={12}
            required
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit">Set password</button>
      </form>
    </main>
  )
}
