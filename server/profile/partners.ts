/** The partners shown on the landing page (docs/product.md#api `GET /our-partners/`), from seed data. */
import type { Db } from '../db/index.ts'
import type { Partner } from '../../contract/api/profile.ts'

/** Every partner in display order. */
export async function listPartners(db: Db): Promise<Partner[]> {
  return db
    .selectFrom('partners')
    .select(['id', 'name', 'logo', 'link'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}
