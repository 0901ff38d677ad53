/**
 * The IFSC field of the bank form (docs/product.md#validation): the value is uppercased and cut to 11 characters,
 * checked against the format, then looked up through `GET /ifsc/{code}`. Bank and branch are
 * set once the code resolves and cleared whenever it changes or is invalid.
 */
import { useCallback, useRef, useState } from 'react'
import { LIMITS, checkIfsc, normalizeIfsc } from '@contract/validation'
import { lookupIfsc, type IfscAnswer } from '../api/lookup-ifsc'
import { msg } from '@/i18n/msg'

export const IFSC_NOT_FOUND = msg('Invalid IFSC code or bank details not found.')

export type IfscStatus = 'idle' | 'checking' | 'valid' | 'invalid'

export interface IfscField {
  value: string
  status: IfscStatus
  /** The format or lookup message to show under the field, if any. */
  error: string | null
  bank: string
  branch: string
  /** Handles a change of the input's text. */
  onChange(raw: string): void
  /** Shows the format message for an incomplete code once the field is left. */
  onBlur(): void
  /** Sets an already resolved code (the saved details' prefill). */
  prefill(code: string, bank: string, branch: string): void
}

export function useIfscField(): IfscField {
  const [value, setValue] = useState('')
  const [status, setStatus] = useState<IfscStatus>('idle')
  const [error, setError] = useState<string | null>(null)
  const [bank, setBank] = useState('')
  const [branch, setBranch] = useState('')
  // Only the answer for the latest code may land: earlier lookups are ignored.
  const latest = useRef(0)

  const resolve = useCallback(async (code: string) => {
    const request = ++latest.current
    setStatus('checking')
    let answer: IfscAnswer | null
    try {
      answer = await lookupIfsc(code)
    } catch {
      answer = null
    }
    if (request !== latest.current) return
    if (answer) {
      setBank(answer.BANK)
      setBranch(answer.BRANCH)
      setStatus('valid')
      setError(null)
    } else {
      setStatus('invalid')
      setError(IFSC_NOT_FOUND)
    }
  }, [])

  const onChange = useCallback(
    (raw: string) => {
      const code = normalizeIfsc(raw)
      latest.current += 1
      setValue(code)
      setBank('')
      setBranch('')
      if (code.length < LIMITS.ifscLength) {
        setStatus('idle')
        setError(null)
        return
      }
      const formatError = checkIfsc(code)
      if (formatError) {
        setStatus('invalid')
        setError(formatError)
        return
      }
      void resolve(code)
    },
    [resolve],
  )

  const onBlur = useCallback(() => {
    if (value && status === 'idle') {
      setStatus('invalid')
      setError(checkIfsc(value))
    }
  }, [value, status])

  const prefill = useCallback((code: string, savedBank: string, savedBranch: string) => {
    latest.current += 1
    setValue(code)
    setBank(savedBank)
    setBranch(savedBranch)
    setStatus('valid')
    setError(null)
  }, [])

  return { value, status, error, bank, branch, onChange, onBlur, prefill }
}
