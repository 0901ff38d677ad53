/**
 * Shows `accepted` in `input` when a change handler filters or refuses what was typed, and
 * returns it. React re-applies a controlled input's value after every change; Preact (which runs
 * the app through preact/compat) re-renders only when state changes, so a refused keystroke (a
 * 17th account digit, a letter in the OTP, a trailing space in a UPI ID) would otherwise stay on
 * screen while the state ignores it.
 */
export function keepInputValue(input: HTMLInputElement, accepted: string): string {
  if (input.value !== accepted) input.value = accepted
  return accepted
}
