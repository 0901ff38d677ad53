/**
 * Test helpers for screens that show the signed-in user's saved copy: a user, a time before the
 * page was opened (a saved copy, as a returning visitor's first frame has it), and a `refreshUser`
 * stand-in whose answer arrives when the test says.
 */
import { useUserStore, type User } from './user-store'

/** A user on a plan of 250 coins a video who has not paid the platform fee; `changes` override. */
export function sampleUser(changes: Partial<User> = {}): User {
  return {
    first_name: 'Asha',
    email: 'asha@example.com',
    phone_number: '9876543210',
    points: 0,
    views: 0,
    referral_id: 'ABC123',
    referral_count: 0,
    membership__video_point: 250,
    is_faulty: false,
    platform_fee_paid: false,
    email_verified: true,
    ...changes,
  }
}

/** An hour before this page was opened (ms since epoch): a saved copy's time. */
export const SAVED_BEFORE_OPENING = performance.timeOrigin - 3_600_000

/**
 * A `refreshUser` implementation that answers `fresh` (stored as `setUser` would) when `arrive()`
 * is called; hand `refresh` to the mocked `refreshUser`'s `mockImplementation`.
 */
export function heldUserRefresh(fresh: User): { refresh: () => Promise<User>; arrive: () => void } {
  let arrive: () => void = () => undefined
  const refresh = () =>
    new Promise<User>((resolve) => {
      arrive = () => {
        useUserStore.getState().setUser(fresh)
        resolve(fresh)
      }
    })
  return { refresh, arrive: () => arrive() }
}
