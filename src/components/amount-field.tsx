/**
 * The one field for typing money: whole rupees (docs/product.md#units), a numeric keyboard, ₹
 * before it, and quick chips under it (a quarter, half, or all of what may be taken, each chip at
 * least 48 px square) that fill it. It starts empty. What is typed is kept exactly as typed: a
 * decimal point, a letter (`1e3` included) or an amount beyond the range is never dropped or
 * rounded but named in one line under the field, and the amount reads as not valid, so nothing is
 * sent. Without a problem that line is the caller's `hint` (what is possible, what the user
 * receives). The range comes from the caller (the server's balance and rules).
 */
import { useId, type ReactNode } from 'react'
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

/**
 * What a typed amount reads as: `rupees` the whole rupees it names (null when empty or not a
 * number), `problem` why it cannot be used, in the user's words (null when it can, or is empty).
 */
export interface AmountReading {
  rupees: number | null
  problem: string | null
}

/** Digits past this many name more than any balance (and more than a JS number holds exactly). */
const MAX_DIGITS = 12

/**
 * Reads `text` as whole rupees within [min, max] (docs/product.md#units). Digit-group commas,
 * spaces and a leading ₹ are separators, not part of the number ("1,500" is ₹1,500). A decimal
 * point, any other character (letters, `e`, `-`, `+`) or too many digits give a problem and no
 * usable amount: nothing is dropped to make a number of it.
 */
export function readAmount(text: string, min: number, max: number): AmountReading {
  const trimmed = text.trim()
  if (trimmed === '') return { rupees: null, problem: null }
  if (/[.٫]/.test(trimmed))
    return {
      rupees: null,
      problem: t('Enter whole rupees only, without a decimal point (paise cannot be withdrawn).'),
    }
  const digits = trimmed.replace(/^₹\s*/, '').replace(/[,\s]/g, '')
  if (!/^\d+$/.test(digits))
    return { rupees: null, problem: t('Type the amount in digits only, like 1000.') }
  const rupees = Number(digits)
  if (digits.replace(/^0+/, '').length > MAX_DIGITS || rupees > max)
    return {
      rupees: null,
      problem:
        max >= min
          ? t('You can take at most {rupees}.', { rupees: formatRupees(max) })
          : t('Nothing to take yet'),
    }
  if (rupees < min)
    return { rupees, problem: t('Enter at least {rupees}.', { rupees: formatRupees(min) }) }
  return { rupees, problem: null }
}

interface Props {
  label: string
  /** What is in the field, exactly as typed (or as a chip filled it). */
  text: string
  onTextChange(text: string): void
  /** The range in whole rupees. */
  min: number
  max: number
  /**
   * The one line under the field while nothing is wrong (what is possible, what the user
   * receives); a problem takes its place.
   */
  hint: ReactNode
  /** The hint line's test id (the withdraw form's `fee-line`). */
  hintTestId?: string
  disabled?: boolean
}

export function AmountField({
  label,
  text,
  onTextChange,
  min,
  max,
  hint,
  hintTestId,
  disabled,
}: Props) {
  const id = useId()
  const lineId = `${id}-line`
  const { rupees, problem } = readAmount(text, min, max)
  const chips = quickAmounts(min, max)
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
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={lineId}
          onChange={(e) => onTextChange(e.currentTarget.value)}
        />
      </div>
      {problem ? (
        <p id={lineId} className="error-text amount-line" role="alert">
          {problem}
        </p>
      ) : (
        <p id={lineId} className="muted amount-line" data-testid={hintTestId}>
          {hint}
        </p>
      )}
      {chips.length > 0 ? (
        <div className="chip-row" role="group" aria-label={t('Quick amounts')}>
          {chips.map((chip) => (
            <button
              key={chip.label}
              type="button"
              className="chip"
              aria-pressed={rupees === chip.rupees && problem === null}
              disabled={disabled}
              onClick={() => onTextChange(String(chip.rupees))}
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
