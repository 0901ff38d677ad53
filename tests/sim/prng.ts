/**
 * The simulation's seeded randomness (mulberry32): the same seed gives the same people, the same
 * devices and addresses and the same pauses, so a run can be repeated and two runs compared.
 */
export interface Rng {
  /** A number in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** A number in [min, max). */
  between(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  /** One element of `items` (non-empty). */
  pick<T>(items: readonly T[]): T
  /** `length` characters of A–Z a–z 0–9 _ - (a device id's alphabet). */
  token(length: number): string
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

export function seededRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    token: (length) => Array.from({ length }, () => ALPHABET[Math.floor(next() * 64)]).join(''),
  }
  return rng
}
