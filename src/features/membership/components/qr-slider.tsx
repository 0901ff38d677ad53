/**
 * The slider of UPI QR codes on /m-payment (SPEC §2): one slide per payee, swiped or picked by its
 * dot, never moving by itself (autoplay off). Reports the slide shown.
 */
import { useRef } from 'react'
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
  const goTo = (i: number) => {
    onActive(i)
    const el = track.current
    el?.scrollTo?.({ left: i * el.clientWidth, behavior: 'smooth' })
  }
  return (
    <div className="stack">
      <div
        ref={track}
        className="qr-slider"
        data-testid="qr-slider"
        onScroll={(e) => {
          const el = e.currentTarget
          if (el.clientWidth > 0) onActive(Math.round(el.scrollLeft / el.clientWidth))
        }}
      >
        {slides.map((s, i) => (
          <figure key={s.link} className="qr-slide" aria-hidden={i !== active}>
            <img
              src={s.dataUrl}
              alt={`UPI QR code ${i + 1} for ${s.label}`}
              data-testid={`qr-image-${i}`}
              data-upi-link={s.link}
            />
          </figure>
        ))}
      </div>
      <p className="center muted">{t('Slide for another QR Code')}</p>
      <div className="qr-dots">
        {slides.map((s, i) => (
          <button
            key={s.link}
            type="button"
            className="qr-dot"
            aria-label={`Show QR code ${i + 1}`}
            aria-current={i === active}
            onClick={() => goTo(i)}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
    </div>
  )
}
