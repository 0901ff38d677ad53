/** The partners shown on the landing page (SPEC §7 `GET /our-partners/`), from seed data. */
import type { Db } from '../db/index.ts'

/** One partner as the API serves it; `logo` is a path under the PWA's origin. */
export interface Partner {
  id: number
  name: string
  logo: string
  link: string
}

/** Every partner in display order. */
export async function listPartners(db: Db): Promise<Partner[]> {
  return db
    .selectFrom('partners')
    .select(['id', 'name', 'logo', 'link'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}
