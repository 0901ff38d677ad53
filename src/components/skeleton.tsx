/**
 * Skeleton placeholders: grey blocks shaped like the content on its way, in place of a page
 * spinner, so the screen keeps its layout while data or code arrives and nothing jumps when it
 * does. Each placeholder is one `role="status"` region that says "Loading…" to screen readers.
 */
import type { CSSProperties, ReactNode } from 'react'
import { t } from '@/i18n/i18n'

/** One grey block; `width` and `height` are CSS lengths (a line of text by default). */
export function Skeleton({
  width = '100%',
  height,
  radius,
}: {
  width?: string
  height?: string
  radius?: string
}) {
  const style: CSSProperties = { width, height, borderRadius: radius }
  return <span className={height ? 'skel' : 'skel skel-line'} style={style} aria-hidden="true" />
}

/**
 * The region around a screen's placeholders: announced once as loading, its blocks hidden. A
 * whole-screen placeholder passes `heading`: the label is then the page's (visually hidden) h1.
 */
export function SkeletonRegion({
  label = t('Loading…'),
  heading = false,
  children,
}: {
  label?: string
  heading?: boolean
  children: ReactNode
}) {
  return (
    <div className="stack" role="status" aria-live="polite" data-testid="skeleton">
      {heading ? <h1 className="sr-only">{label}</h1> : <span className="sr-only">{label}</span>}
      {children}
    </div>
  )
}

/** A card of `lines` lines of text, the first a heading. */
export function SkeletonCard({ lines = 3 }: { lines?: number }) {
  return (
    <div className="card stack" aria-hidden="true">
      <Skeleton width="45%" height="1.4rem" />
      {Array.from({ length: lines - 1 }, (_, i) => (
        <Skeleton key={i} width={i % 2 ? '70%' : '90%'} />
      ))}
    </div>
  )
}

/** A list of `rows` rows shaped like the wallet's (two lines each). */
export function SkeletonList({ rows = 4 }: { rows?: number }) {
  return (
    <div className="stack" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="3.6rem" radius="var(--radius-md)" />
      ))}
    </div>
  )
}

/** A whole inner screen on its way: a title, a card and a list (route code or stored data loading). */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <main className="page">
      <SkeletonRegion label={label} heading>
        <Skeleton width="55%" height="2rem" />
        <SkeletonCard />
        <SkeletonList rows={3} />
      </SkeletonRegion>
    </main>
  )
}
