/**
 * The language switch, on the landing and the profile: English and Hindi, each option labelled in
 * its own language ("English" / "हिन्दी"), the active one pressed. A tap stores the choice (it wins
 * over the browser's language from then on, offline too) and redraws the app in that language.
 */
import { useState } from 'react'
import { t } from '@/i18n/i18n'
import { chooseLocale, useLocale } from '@/i18n/react'
import type { Locale } from '@/i18n/detect'

const OPTIONS: ReadonlyArray<{ locale: Locale; label: string }> = [
  { locale: 'en', label: 'English' },
  { locale: 'hi', label: 'हिन्दी' },
]

export function LanguageSwitch() {
  const active = useLocale()
  const [busy, setBusy] = useState(false)
  async function choose(locale: Locale) {
    setBusy(true)
    try {
      await chooseLocale(locale)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="row language-switch" role="group" aria-label={t('Language')}>
      {OPTIONS.map(({ locale, label }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={`btn btn-small${locale === active ? '' : ' btn-outline'}`}
          aria-pressed={locale === active}
          disabled={busy}
          onClick={() => void choose(locale)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
