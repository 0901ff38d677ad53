import { describe, expect, it } from 'vitest'
import { keepEqual } from './keep-equal'

describe('keepEqual', () => {
  it('keeps the previous object when the next one holds the same data', () => {
    const previous = { points: 1200, views: 3, plans: [{ amount: 499 }] }
    const next = { points: 1200, views: 3, plans: [{ amount: 499 }] }
    expect(keepEqual(previous, next)).toBe(previous)
  })

  it('takes the next object when any value differs, however deep', () => {
    const previous = { points: 1200, plans: [{ amount: 499 }] }
    const next = { points: 1200, plans: [{ amount: 999 }] }
    expect(keepEqual(previous, next)).toBe(next)
  })

  it('takes the next value when one side is null or not an object', () => {
    const user = { points: 1 }
    expect(keepEqual<typeof user | null>(null, user)).toBe(user)
    expect(keepEqual<typeof user | null>(user, null)).toBeNull()
    expect(keepEqual(5, 6)).toBe(6)
    expect(keepEqual('a', 'a')).toBe('a')
  })

  it('keeps an equal array of items', () => {
    const previous = [{ key: 'a' }]
    expect(keepEqual(previous, [{ key: 'a' }])).toBe(previous)
    expect(keepEqual(previous, [])).toEqual([])
  })
})
