/**
 * The partners strip (docs/product.md#api `GET /our-partners/`): each partner's name as text, a link to its
 * site. Names, not the logo images: a wordmark shrunk into a phone-width strip drew its words at
 * about 7 px, while text keeps the body size and the theme's contrast. Its height is reserved
 * while the list loads so nothing below it shifts; when the call fails or the list is empty the
 * strip is left out.
 */
import { useEffect, useState } from 'react'
import { getPartners, type Partner } from '../api/get-partners'
import { t } from '@/i18n/i18n'

type State = { kind: 'loading' } | { kind: 'ready'; partners: Partner[] } | { kind: 'hidden' }

export function PartnersStrip() {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    let live = true
    getPartners()
      .then((partners) => {
        if (live) setState(partners.length > 0 ? { kind: 'ready', partners } : { kind: 'hidden' })
      })
      .catch((error: unknown) => {
        console.error('our-partners failed', error)
        if (live) setState({ kind: 'hidden' })
      })
    return () => {
      live = false
    }
  }, [])

  if (state.kind === 'hidden') return null
  return (
    <section
      className="partners below-fold"
      aria-labelledby="partners-title"
      aria-busy={state.kind === 'loading'}
    >
      <h2 id="partners-title">{t('Our partners')}</h2>
      {state.kind === 'ready' ? (
        <ul className="partners-list">
          {state.partners.map((partner) => (
            <li key={partner.id}>
              {/* A brand's own name: never translated, in any language. */}
              <a href={partner.link} target="_blank" rel="noopener noreferrer" translate="no">
                {partner.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
