import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from './user-store'

// An in-memory idb-keyval, so the persisted stores read what the test wrote as an older build would.
const saved = vi.hoisted(() => new Map<string, unknown>())
vi.mock('idb-keyval', () => ({
  get: async (key: string) => saved.get(key),
  set: async (key: string, value: unknown) => void saved.set(key, value),
  del: async (key: string) => void saved.delete(key),
}))

const { useUserStore, USER_STORE_VERSION } = await import('./user-store')
const { useRulesStore } = await import('./rules-store')
const { migrateSteps } = await import('./versioned')
const { DEFAULT_RULES } = await import('@contract/rules')

const user: User = {
  first_name: 'Asha',
  email: 'asha@example.com',
  phone_number: '9876543210',
  points: 1250,
  views: 7,
  referral_id: 'ASHA01',
  referral_count: 2,
  membership__video_point: 10,
  is_faulty: false,
  platform_fee_paid: true,
  email_verified: true,
}

beforeEach(() => {
  saved.clear()
  useUserStore.getState().clear()
})

describe('persisted store versions', () => {
  it('keeps a user fetched while the stored copy was still being read, not the older copy', async () => {
    saved.set('user-store', {
      state: { user, fetchedAt: Date.now() - 60_000 },
      version: USER_STORE_VERSION,
    })
    const fresh = { ...user, points: 9999 }
    const reading = useUserStore.persist.rehydrate()
    useUserStore.getState().setUser(fresh) // the network answers first
    await reading
    expect(useUserStore.getState().user).toEqual(fresh)
  })

  it('takes the stored copy when it is the newer one', async () => {
    saved.set('user-store', { state: { user, fetchedAt: Date.now() }, version: USER_STORE_VERSION })
    await useUserStore.persist.rehydrate()
    expect(useUserStore.getState().user).toEqual(user)
  })

  it('keeps the signed-in user when a version 0 copy is migrated to version 1', async () => {
    saved.set('user-store', { state: { user }, version: 0 })
    await useUserStore.persist.rehydrate()
    expect(useUserStore.getState().user).toEqual(user)
    expect(useUserStore.getState().fetchedAt).toBeNull()
    // The migrated copy is written back at the current version.
    expect(saved.get('user-store')).toMatchObject({ version: USER_STORE_VERSION, state: { user } })
  })

  it('reads a current-version copy as it is', async () => {
    saved.set('user-store', { state: { user, fetchedAt: 42 }, version: USER_STORE_VERSION })
    await useUserStore.persist.rehydrate()
    expect(useUserStore.getState()).toMatchObject({ user, fetchedAt: 42 })
  })

  it('fills rules that an older saved copy lacks from the defaults', async () => {
    // An older build knew no transfer fee; the operator had set a ₹49 platform fee.
    const { transferFeeRupees: _unknownThen, ...olderRules } = {
      ...DEFAULT_RULES,
      platformFeeRupees: 49,
    }
    saved.set('rules-store', { state: { rules: olderRules }, version: 0 })
    await useRulesStore.persist.rehydrate()
    const { rules } = useRulesStore.getState()
    expect(rules.platformFeeRupees).toBe(49)
    expect(rules.transferFeeRupees).toBe(DEFAULT_RULES.transferFeeRupees)
  })

  it('refuses to skip a missing migration step', () => {
    const migrate = migrateSteps(3, { 0: (s) => s, 2: (s) => s })
    expect(() => migrate({}, 0)).toThrow('no migration from version 1 to 2')
  })

  it('replays the steps in order from the stored version', () => {
    const migrate = migrateSteps<{ trail: number[] }>(3, {
      0: (s) => ({ trail: [...((s.trail as number[]) ?? []), 0] }),
      1: (s) => ({ trail: [...(s.trail as number[]), 1] }),
      2: (s) => ({ trail: [...(s.trail as number[]), 2] }),
    })
    expect(migrate({ trail: [] }, 1)).toEqual({ trail: [1, 2] })
    expect(migrate(null, 0)).toEqual({ trail: [0, 1, 2] })
  })
})
