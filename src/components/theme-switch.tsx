/**
 * The profile's colour theme switch: System, Light or Dark as three radio buttons in a fieldset.
 * The choice applies at once and is kept on the device (src/lib/theme.ts).
 */
import { useSyncExternalStore } from 'react'
import { msg, t } from '@/i18n/i18n'
import { readThemeChoice, setThemeChoice, subscribeTheme, type ThemeChoice } from '@/lib/theme'

const CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: msg('System') },
  { value: 'light', label: msg('Light') },
  { value: 'dark', label: msg('Dark') },
]

export function ThemeSwitch() {
  // A first frame drawn outside the browser cannot know the device's choice: none is checked there.
  const choice = useSyncExternalStore(subscribeTheme, readThemeChoice, () => null)
  return (
    <fieldset className="segmented">
      <legend>{t('Theme')}</legend>
      {CHOICES.map(({ value, label }) => (
        <label key={value}>
          <input
            type="radio"
            name="theme"
            value={value}
            checked={choice === value}
            onChange={() => setThemeChoice(value)}
          />
          <span>{t(label)}</span>
        </label>
      ))}
    </fieldset>
  )
}
