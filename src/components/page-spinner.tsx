/** A centred loading indicator for a part of a screen whose code or data is on its way. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

/**
 * A whole screen still loading (its code, the stored user, its data): the indicator as the
 * screen's one `<main>` with its label as the one `h1`, so every state of every route has both
 * (issue 16 item 7). The same markup as the build's app shell (vite.config.ts `SPINNER_SHELL`).
 */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <main>
      <div className="page-spinner" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <h1 className="page-spinner-heading">{label}</h1>
      </div>
    </main>
  )
}
