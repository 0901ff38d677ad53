/**
 * Keeps a store's value when a refresh brings the same data, so the screens that select it are
 * not drawn again: React draws the readers of a changed store at once, in one task (a whole
 * screen on a slow phone: TBT).
 */

/**
 * `previous` when `next` holds the same JSON data (the API's answers, stored copies of them),
 * else `next`. Equal means equal as JSON, key order included: one server sends its keys in one
 * order, and a stored copy keeps it.
 */
export function keepEqual<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous
  if (
    typeof previous !== 'object' ||
    previous === null ||
    typeof next !== 'object' ||
    next === null
  )
    return next
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next
}
