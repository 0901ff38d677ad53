/** A modal popup over the screen, closed by its own buttons; labelled by its title for screen readers. */
import { useId, type ReactNode } from 'react'

export function Popup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="popup-backdrop">
      <div className="popup" role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id} className="popup-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  )
}
