/**
 * The header of an inner screen: a back button and a title. The back button goes back one step
 * by default (docs/product.md#screens); a screen may pass `onBack` for its own behaviour.
 */
import { goBack } from '@/lib/go-back'
import { ChevronIcon } from './chevron-icon'
import { t } from '@/i18n/i18n'

export function AppHeader({ title, onBack }: { title?: string; onBack?: () => void }) {
  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button"
        aria-label={t('Go back')}
        onClick={onBack ?? (() => goBack())}
      >
        <ChevronIcon direction="left" />
      </button>
      {title ? <h1 className="app-header-title">{title}</h1> : null}
    </header>
  )
}
