/**
 * The build's per-route early fetch (scripts/build/route-chunks.ts) reads the route table's
 * source: every route of src/app/routes.tsx must be recognised, or its deep links lose the early
 * fetch of their screen's code without anyone noticing.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseRouteModules } from '../../scripts/build/route-chunks.ts'
import { ROUTES } from '../../src/app/routes.tsx'

describe('route table parsing for early chunk fetches', () => {
  const parsed = parseRouteModules(path.resolve('src/app/routes.tsx'))

  it('recognises every route of the route table', () => {
    expect([...parsed.keys()].sort()).toEqual(ROUTES.map((r) => r.path).sort())
  })

  it('maps each route to its screen module, named or inline', () => {
    expect(parsed.get('/')).toBe('src/features/landing/routes/landing')
    expect(parsed.get('/loginn')).toBe('src/features/auth/routes/login')
    expect(parsed.get('/loginold')).toBe('src/features/auth/routes/login')
    expect(parsed.get('/dashboard')).toBe('src/features/dashboard/routes/dashboard')
    expect(parsed.get('/deposit-fee')).toBe('src/features/membership/routes/deposit-fee')
  })
})
