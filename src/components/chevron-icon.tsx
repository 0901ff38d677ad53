/**
 * The app's hand-drawn chevrons (24 px, current colour, hidden from screen readers): the back
 * button's and the QR slider's previous and next. Their buttons carry the accessible names.
 */
const PATHS = { left: 'M15 5l-7 7 7 7', right: 'M9 5l7 7-7 7' } as const

/** A chevron pointing `direction` (left: back or previous; right: next). */
export function ChevronIcon({ direction }: { direction: keyof typeof PATHS }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={PATHS[direction]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
