/**
 * An amount in whole rupees: a typed field (numeric keyboard, ₹ before it) with quick chips under
 * it (a quarter, half, or all of what may be taken), each chip at least 48 px square. The range
 * comes from the caller (the server's balance and rules): the field says when the typed amount is
 * outside it. Digits only; separators typed or pasted ("1,000") are dropped.
 */
import { useId } from 'react'
import { formatRupees } from '@contract/rules'
import { t } from '@/i18n/i18n'

/** A quick amount: its label and rupees. */
export interface QuickAmount {
  label: string
  rupees: number
}

/**
 * The quick amounts for a range: 25 %, 50 % and all of `max` (whole rupees, rounded down), those
 * below `min` or equal to another left out.
 */
export function quickAmounts(min: number, max: number): QuickAmount[] {
  const list: QuickAmount[] = [
    { label: t('25%'), rupees: Math.floor(max / 4) },
    { label: t('50%'), rupees: Math.floor(max / 2) },
    { label: t('All'), rupees: max },
  ]
  return list.filter(
    (q, i) => q.rupees >= min && q.rupees > 0 && list.findIndex((o) => o.rupees === q.rupees) === i,
  )
}

/** Why `value` is not a valid amount in [min, max]; null when it is (or nothing is typed yet). */
export function amountProblem(value: number | null, min: number, max: number): string | null {
  if (value === null) return null
  if (max < min) return null
  if (value > max) return t('You can take at most {rupees}.', { rupees: formatRupees(max) })
  if (value < min) return t('Enter at least {rupees}.', { rupees: formatRupees(min) })
  return null
}

interface Props {
  label: string
  /** Whole rupees; null while the field is empty. */
  value: number | null
  onChange(value: number | null): void
  min: number
  max: number
  /** Ids of hints read with the field (a fee line). */
  describedBy?: string
  disabled?: boolean
}

export function AmountField({ label, value, onChange, min, max, describedBy, disabled }: Props) {
  const id = useId()
  const errorId = `${id}-error`
  const rangeId = `${id}-range`
  const problem = amountProblem(value, min, max)
  const chips = quickAmounts(min, max)
  const described = [rangeId, problem ? errorId : null, describedBy].filter(Boolean).join(' ')
  return (
    <div className="field amount-field">
      <label htmlFor={id}>{label}</label>
      <div className="input-with-prefix">
        <span className="input-prefix" aria-hidden="true">
          ₹
        </span>
        <input
          id={id}
          className="input amount-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={9}
          value={value === null ? '' : String(value)}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
          onChange={(e) => {
            const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 9)
            onChange(digits === '' ? null : Number(digits))
          }}
        />
      </div>
      <p id={rangeId} className="muted amount-range">
        {max >= min
          ? t('From {min} to {max}', { min: formatRupees(min), max: formatRupees(max) })
          : t('Nothing to take yet')}
      </p>
      {problem ? (
        <p id={errorId} className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <div className="chip-row" role="group" aria-label={t('Quick amounts')}>
          {chips.map((chip) => (
            <button
              key={chip.label}
              type="button"
              className="chip"
              aria-pressed={value === chip.rupees}
              disabled={disabled}
              onClick={() => onChange(chip.rupees)}
            >
              <span className="chip-label">{chip.label}</span>
              <span className="chip-value">{formatRupees(chip.rupees)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
