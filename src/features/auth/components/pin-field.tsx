/**
 * The PIN input with its show/hide toggle (docs/product.md#screens, #flows: password visibility toggles between
 * hidden and shown). The PIN is 4 characters at most (docs/product.md#validation).
 */
import { useState } from 'react'
import { TextField, type TextFieldProps } from '@/components/text-field'
import { t } from '@/i18n/i18n'

type PinFieldProps = Omit<TextFieldProps, 'type' | 'trailing' | 'onChange'> & {
  value: string
  onChange(value: string): void
}

export function PinField({ onChange, ...props }: PinFieldProps) {
  const [shown, setShown] = useState(false)
  return (
    <TextField
      placeholder={t('Enter your password')}
      autoComplete="current-password"
      inputMode="numeric"
      maxLength={4}
      {...props}
      type={shown ? 'text' : 'password'}
      onChange={(event) => onChange(event.target.value)}
      trailing={
        <button
          type="button"
          className="icon-button toggle"
          aria-label={shown ? t('Hide password') : t('Show password')}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon crossed={shown} />
        </button>
      }
    />
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  )
}
