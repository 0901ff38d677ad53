/** `GET /dashboard/?link=` (docs/product.md#api): the videos to watch; the server records each handout. */
import { api } from '@/lib/api-client'
import type { DashboardVideo } from '@contract/api/earning'

export type { DashboardVideo }

/** Fetches the list; throws on failure or when the answer is not an array. */
export async function getVideos(link = ''): Promise<DashboardVideo[]> {
  const body: unknown = await api.get('dashboard/', { searchParams: { link } }).json()
  if (!Array.isArray(body)) throw new Error('dashboard answer is not an array')
  return body as DashboardVideo[]
}
