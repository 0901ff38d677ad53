/**
 * The user's membership plan: its per-video reward in coins (SPEC §3 `membership__video_point`).
 */
import type { Db, Tx } from '../db/index.ts'

/** Coins per video for the user's plan (the free plan's when the user has none). */
export async function videoPointForUser(_db: Db | Tx, _userId: number): Promise<number> {
  // Filled by the earning loop (issue 3) from the membership plans table.
  return 10
}
