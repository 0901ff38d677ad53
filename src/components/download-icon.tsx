/**
 * The app's download glyph (20 px, current colour, hidden from screen readers) for Install app: an
 * arrow down into a tray. Drawn here rather than taken from the icon library, so the landing's
 * Install app costs no library code (docs/product.md#budgets).
 */
export function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
