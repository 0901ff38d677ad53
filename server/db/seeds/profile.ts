/**
 * Seed data for the profile tables: the partners served at `GET /our-partners/` (docs/product.md#api). The
 * names are invented; each logo is a small WebP under `public/partners/` (drawn from the SVG beside it by
 * scripts/rasterize-images.ts).
 */
import type { Db } from '../index.ts'

/** The demo partners, in display order. */
export const SEED_PARTNERS = [
  { name: 'Kisan Mart', logo: '/partners/kisan-mart.webp', link: 'https://example.com/kisan-mart' },
  {
    name: 'Rangoli Books',
    logo: '/partners/rangoli-books.webp',
    link: 'https://example.com/rangoli-books',
  },
  {
    name: 'Tiffin Express',
    logo: '/partners/tiffin-express.webp',
    link: 'https://example.com/tiffin-express',
  },
  {
    name: 'Monsoon Mobile',
    logo: '/partners/monsoon-mobile.webp',
    link: 'https://example.com/monsoon-mobile',
  },
  {
    name: 'Ganga Grocers',
    logo: '/partners/ganga-grocers.webp',
    link: 'https://example.com/ganga-grocers',
  },
] as const

/**
 * Inserts the demo partners once; does nothing for a partner whose name exists (the name is
 * unique), so restarts and concurrent instances never seed twice.
 */
export async function seedProfile(db: Db): Promise<void> {
  await db
    .insertInto('partners')
    .values(SEED_PARTNERS.map((partner, index) => ({ ...partner, position: index + 1 })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}
