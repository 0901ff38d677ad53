/**
 * Demo data seeded on first start: plans and videos (earning), partners (profile). Every seeder
 * is idempotent: it checks before inserting, so a restart seeds nothing twice.
 */
import type { Db } from './index.ts'
import { seedEarning } from './seeds/earning.ts'
import { seedProfile } from './seeds/profile.ts'

/** Runs every seeder in order. */
export async function seedDatabase(db: Db): Promise<void> {
  await seedEarning(db)
  await seedProfile(db)
}
