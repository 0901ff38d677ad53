/**
 * The partners strip (SPEC §7 `GET /our-partners/`): its height is reserved while the list loads
 * so nothing below it shifts; when the call fails or the list is empty the strip is left out.
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
              <a href={partner.link} target="_blank" rel="noopener noreferrer">
                <img
                  src={partner.logo}
                  alt={partner.name}
                  width={96}
                  height={40}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
