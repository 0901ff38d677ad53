/** The console's login: email, password and the authenticator app's 6-digit code. */
import { useState, type FormEvent } from 'react'
import { OpsError, opsCall, saveToken, type Operator } from '../../lib/api.ts'

export function Login({ onLoggedIn }: { onLoggedIn: (op: Operator) => void }) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setError('')
    try {
      const session = await opsCall<{ token: string; operator: Operator }>('/login', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password'), totp: form.get('totp') },
      })
      saveToken(session.token)
      onLoggedIn(session.operator)
    } catch (e) {
      setError(e instanceof OpsError ? e.message : 'Could not reach the server.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="login">
      <h1>Operators’ console</h1>
      <form onSubmit={submit}>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          Authenticator code
          <input
            name="totp"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            autoComplete="one-time-code"
            required
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Log in
        </button>
      </form>
    </main>
  )
}
