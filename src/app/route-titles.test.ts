/** Every route has a title of its own. */
import { describe, expect, it } from 'vitest'
import { ROUTES } from './routes'
import { documentTitle, ROUTE_TITLES } from './route-titles'

describe('route titles', () => {
  it('names every route of the table, and an unknown path as not found', () => {
    const missing = ROUTES.map((r) => r.path).filter((p) => !ROUTE_TITLES[p])
    expect(missing).toEqual([])
    expect(documentTitle('/wallet')).toBe('Wallet · Watch & Earn')
    expect(documentTitle('/nope')).toBe('Page not found · Watch & Earn')
  })
})
