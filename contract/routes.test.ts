import { describe, expect, it } from 'vitest'
import { ROUTES, findRoute, routeReads } from './routes'

const result = findRoute('/payment-success')!

describe('routeReads', () => {
  it('fills a read from the query as URLSearchParams reads and writes it (the app client’s GET)', () => {
    for (const id of ['ORD-1', ' ORD 1+2 ', "a!b'c(d)e~f*g", 'क्रम/?&=#%', '  x\t']) {
      const search = `?amount=5&${new URLSearchParams({ order_id: id }).toString()}&order_id=later`
      const trimmed = new URLSearchParams(search).get('order_id')!.trim()
      const expected = `payment-result/?${new URLSearchParams({ order_id: trimmed }).toString()}`
      expect(routeReads(result, search)).toEqual([expected])
    }
  })

  it('leaves out a read whose parameter is missing, empty or not decodable', () => {
    for (const search of [
      '',
      '?',
      '?amount=5',
      '?order_id',
      '?order_id=%20%20',
      '?order_id=%E0%A4',
    ])
      expect(routeReads(result, search)).toEqual([])
  })

  it('gives a route’s plain reads as they are, and none for a route without reads', () => {
    const dashboard = ROUTES.find((route) => route.path === '/dashboard')!
    expect(routeReads(dashboard, '?order_id=1')).toEqual(dashboard.reads)
    expect(routeReads(findRoute('/loginn')!, '')).toEqual([])
  })
})
