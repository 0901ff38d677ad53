/** How to play (docs/product.md#screens): the title only, with an empty body. */
import { AppHeader } from '@/components/app-header'
import { t } from '@/i18n/i18n'

export default function HowToPlay() {
  return (
    <>
      <AppHeader title={t('How to Play')} />
      <main className="page" />
    </>
  )
}
