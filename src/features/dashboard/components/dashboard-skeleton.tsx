/**
 * The dashboard's shape while the stored user is read or first fetched: the greeting, the
 * balance card and the player, as grey blocks where they will be.
 */
import { Skeleton, SkeletonRegion } from '@/components/skeleton'
import { t } from '@/i18n/i18n'

export function DashboardSkeleton() {
  return (
    <main className="page">
      <SkeletonRegion label={t('Loading your dashboard…')} heading>
        <Skeleton width="60%" height="2rem" />
        <div className="card stack balance-card" aria-hidden="true">
          <Skeleton width="35%" />
          <Skeleton width="70%" height="2.4rem" />
          <Skeleton width="85%" />
          <Skeleton height="48px" radius="var(--radius-md)" />
        </div>
        <span
          className="skel"
          style={{ aspectRatio: '16 / 9', borderRadius: 10 }}
          aria-hidden="true"
        />
      </SkeletonRegion>
    </main>
  )
}
