/** Every route has a title of its own, in the active language. */
import { describe, expect, it } from 'vitest'
import { ROUTES } from '@contract/routes'
import { documentTitle } from './route-titles'

describe('route titles', () => {
  it('names every route of the table, and an unknown path as not found', () => {
    expect(ROUTES.filter((r) => r.title.trim() === '').map((r) => r.path)).toEqual([])
    expect(documentTitle('/wallet')).toBe('Wallet · Watch & Earn')
    expect(documentTitle('/wallet/')).toBe('Wallet · Watch & Earn')
    expect(documentTitle('/nope')).toBe('Page not found · Watch & Earn')
  })
})
