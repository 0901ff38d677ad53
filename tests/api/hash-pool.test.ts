// The bounded hash pool (docs/product.md#security): at most `concurrency` hashes at once, a bounded queue that
// serves the least recent user first, and 503 HASHING_BUSY with a Retry-After figure when full.
import { describe, expect, it } from 'vitest'
import { HashPool } from '../../server/lib/hash-pool.ts'
import { ApiError } from '../../server/lib/errors.ts'

/** A task that runs until `finish()` is called; `started` tells whether the pool started it. */
function heldTask() {
  let finish!: () => void
  const state = { started: false }
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    state,
    finish: () => finish(),
    task: async () => {
      state.started = true
      await done
      return 'hashed'
    },
  }
}

/** Lets the pool's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the bounded hash pool', () => {
  it('runs at most `concurrency` hashes at once and starts a waiting one when one ends', async () => {
    const pool = new HashPool({ concurrency: 2, maxQueued: 4 })
    const tasks = [heldTask(), heldTask(), heldTask()]
    const runs = tasks.map((t, i) => pool.run(`10.0.0.${i}`, t.task))
    await settle()
    expect(tasks.map((t) => t.state.started)).toEqual([true, true, false])
    expect(pool.load).toEqual({ running: 2, waiting: 1 })
    tasks[0]!.finish()
    await settle()
    expect(tasks[2]!.state.started).toBe(true)
    tasks[1]!.finish()
    tasks[2]!.finish()
    expect(await Promise.all(runs)).toEqual(['hashed', 'hashed', 'hashed'])
    expect(pool.load).toEqual({ running: 0, waiting: 0 })
  })

  it('starts the waiting hash of the address that used the pool least, before earlier arrivals', async () => {
    const pool = new HashPool({ concurrency: 1, maxQueued: 10 })
    const first = heldTask()
    const running = pool.run('flood', first.task)
    const flood = [heldTask(), heldTask(), heldTask()]
    const floodRuns = flood.map((t) => pool.run('flood', t.task))
    const person = heldTask()
    const personRun = pool.run('person', person.task)
    await settle()
    first.finish()
    await running
    await settle()
    expect(person.state.started).toBe(true)
    expect(flood.some((t) => t.state.started)).toBe(false)
    person.finish()
    await personRun
    for (const t of flood) t.finish()
    await Promise.all(floodRuns)
  })

  it('refuses with 503 HASHING_BUSY when full, letting a lighter or equal address take the heaviest waiting place', async () => {
    const pool = new HashPool({ concurrency: 1, maxQueued: 2 })
    const held = heldTask()
    const running = pool.run('flood-a', held.task)
    const waitingA = pool.run('flood-a', heldTask().task)
    const b = heldTask()
    const waitingB = pool.run('flood-b', b.task)
    // flood-a has used the pool most: a third request of its own finds no place.
    const refused = await pool.run('flood-a', heldTask().task).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ statusCode: 503, code: 'HASHING_BUSY' })
    expect((refused as ApiError).extra.retry_after_seconds).toBeGreaterThanOrEqual(1)
    // A person who has not used it takes flood-a's waiting place; flood-a's waiting hash gets 503.
    const person = heldTask()
    const personRun = pool.run('person', person.task)
    expect(await waitingA.catch((e: unknown) => (e as ApiError).code)).toBe('HASHING_BUSY')
    // flood-b has no more usage than the person but came earlier: the newer request goes first.
    held.finish()
    await running
    await settle()
    expect([person.state.started, b.state.started]).toEqual([true, false])
    person.finish()
    await personRun
    await settle()
    expect(b.state.started).toBe(true)
    b.finish()
    await waitingB
  })

  it('never refuses the server’s own work', async () => {
    const pool = new HashPool({ concurrency: 1, maxQueued: 1 })
    const held = heldTask()
    const running = pool.run('someone', held.task)
    const own = Array.from({ length: 5 }, () => pool.run(null, async () => 'own'))
    held.finish()
    await running
    expect(await Promise.all(own)).toEqual(['own', 'own', 'own', 'own', 'own'])
  })

  it('runs a known device’s hash in its reserved slot, then first in the queue, and never refuses it', async () => {
    const pool = new HashPool({ concurrency: 1, maxQueued: 1, reserved: 1 })
    const shared = heldTask()
    const sharedRun = pool.run('flood-1', shared.task)
    const known = heldTask()
    const knownRun = pool.run('person', known.task, 'reserved')
    await settle()
    expect(known.state.started).toBe(true)
    // Both slots taken: the shared queue fills and refuses, the reserved lane waits.
    const queued = heldTask()
    const queuedRun = pool.run('flood-2', queued.task)
    await expect(pool.run('flood-2', async () => 'never')).rejects.toMatchObject({
      code: 'HASHING_BUSY',
    })
    const second = heldTask()
    const secondRun = pool.run('person', second.task, 'reserved')
    await settle()
    expect(pool.load).toEqual({ running: 2, waiting: 2 })
    // A shared slot that frees goes to the reserved lane first.
    shared.finish()
    await sharedRun
    await settle()
    expect(second.state.started).toBe(true)
    expect(queued.state.started).toBe(false)
    known.finish()
    second.finish()
    await Promise.all([knownRun, secondRun])
    await settle()
    expect(queued.state.started).toBe(true)
    queued.finish()
    await queuedRun
    expect(pool.load).toEqual({ running: 0, waiting: 0 })
  })
})
