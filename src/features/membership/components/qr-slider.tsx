/**
 * The slider of UPI QR codes on /m-payment (docs/product.md#screens): one slide per payee, swiped, stepped with its
 * Previous and Next buttons or the arrow keys, or picked by its dot, never moving by itself
 * (autoplay off). A carousel for screen readers: the track is focusable, each slide is named
 * "n of N", and the position is announced when it changes. Reports the slide shown.
 */
import { useId, useRef } from 'react'
import { ChevronIcon } from '@/components/chevron-icon'
import { t } from '@/i18n/i18n'

export interface QrSlide {
  dataUrl: string
  label: string
  link: string
}

export function QrSlider({
  slides,
  active,
  onActive,
}: {
  slides: QrSlide[]
  active: number
  onActive(i: number): void
}) {
  const track = useRef<HTMLDivElement>(null)
  const trackId = useId()
  const count = slides.length
  const goTo = (i: number) => {
    const next = (i + count) % count
    onActive(next)
    const el = track.current
    const first = el?.firstElementChild as HTMLElement | null
    const slide = el?.children[next] as HTMLElement | undefined
    if (!el || !first || !slide) return
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    el.scrollTo?.({
      left: slide.offsetLeft - first.offsetLeft,
      behavior: still ? 'auto' : 'smooth',
    })
  }
  return (
    <section className="stack" aria-roledescription="carousel" aria-label={t('UPI QR codes')}>
      <div
        ref={track}
        id={trackId}
        className="qr-slider"
        data-testid="qr-slider"
        tabIndex={0}
        aria-label={t('QR code {n} of {count}. Use the arrow keys for another QR code.', {
          n: active + 1,
          count,
        })}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
            e.preventDefault()
            goTo(active + (e.key === 'ArrowRight' ? 1 : -1))
          }
        }}
        onScroll={(e) => {
          const el = e.currentTarget
          if (el.clientWidth > 0) onActive(Math.round(el.scrollLeft / el.clientWidth))
        }}
      >
        {slides.map((s, i) => (
          <figure
            key={s.link}
            className="qr-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('{n} of {count}', { n: i + 1, count })}
            aria-hidden={i !== active}
          >
            <img
              src={s.dataUrl}
              alt={t('UPI QR code {n} for {payee}', { n: i + 1, payee: s.label })}
              data-testid={`qr-image-${i}`}
              data-upi-link={s.link}
            />
          </figure>
        ))}
      </div>
      <p className="center muted">{t('Slide for another QR Code')}</p>
      {count > 1 ? (
        <div className="qr-dots">
          <button
            type="button"
            className="icon-button"
            aria-label={t('Previous QR code')}
            aria-controls={trackId}
            onClick={() => goTo(active - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          {slides.map((s, i) => (
            <button
              key={s.link}
              type="button"
              className="qr-dot"
              aria-label={t('Show QR code {n}', { n: i + 1 })}
              aria-current={i === active}
              aria-controls={trackId}
              onClick={() => goTo(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
          <button
            type="button"
            className="icon-button"
            aria-label={t('Next QR code')}
            aria-controls={trackId}
            onClick={() => goTo(active + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite" data-testid="qr-position">
        {t('QR code {n} of {count}', { n: active + 1, count })}
      </p>
    </section>
  )
}
