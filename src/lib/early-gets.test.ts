import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_GET_TTL_MS, sendEarlyGets, takeEarlyGet } from './early-gets'

const origin = 'http://localhost:3000'
const url = (path: string) => `${origin}/api/v1/${path}`
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  fetchMock.mockImplementation(async (input) =>
    Response.json({ from: 'network', url: input instanceof Request ? input.url : String(input) }),
  )
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('early GETs of a logged-in screen', () => {
  it("sends the dashboard's GETs with the token, and hands each answer out once", async () => {
    sendEarlyGets('/dashboard/', 'tok-1', origin)
    const sent = fetchMock.mock.calls.map(([input]) => String(input))
    expect(sent).toEqual([
      url('get-user/'),
      url('config/'),
      url('get-membership/'),
      url('dashboard/?link='),
    ])
    const init = fetchMock.mock.calls[0]![1]!
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-1')
    const first = await takeEarlyGet(url('get-user/'), 'tok-1')
    expect(await first!.json()).toEqual({ from: 'network', url: url('get-user/') })
    expect(await takeEarlyGet(url('get-user/'), 'tok-1')).toBeUndefined()
  })

  it('sends nothing without a token or for a screen without data', () => {
    sendEarlyGets('/dashboard', null, origin)
    sendEarlyGets('/loginn', 'tok-1', origin)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('gives nothing for another token, an old answer or a failed request', async () => {
    vi.useFakeTimers()
    sendEarlyGets('/profile', 'tok-1', origin)
    expect(await takeEarlyGet(url('get-user/'), 'tok-2')).toBeUndefined()
    vi.advanceTimersByTime(EARLY_GET_TTL_MS + 1)
    expect(await takeEarlyGet(url('config/'), 'tok-1')).toBeUndefined()
    vi.useRealTimers()
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    sendEarlyGets('/profile', 'tok-1', origin)
    expect(await takeEarlyGet(url('get-user/'), 'tok-1')).toBeUndefined()
  })
})

describe('early GETs of a page a guest may open', () => {
  it("sends the payment result's GET for the order in the address, with or without a token", async () => {
    sendEarlyGets('/payment-success', null, origin, '?order_id=%20ORD%201%2B2%20&amount=5')
    sendEarlyGets('/payment-fail', 'tok-1', origin, '?order_id=ORD-2')
    const sent = fetchMock.mock.calls.map(([input]) => String(input))
    // As the app's client spells the same GET (URLSearchParams), so it takes these answers.
    const guestUrl = url('payment-result/?order_id=ORD+1%2B2')
    expect(sent).toEqual([guestUrl, url('payment-result/?order_id=ORD-2')])
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).has('Authorization')).toBe(false)
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('Authorization')).toBe(
      'Bearer tok-1',
    )
    const search = new URLSearchParams({ order_id: 'ORD 1+2' }).toString()
    expect(`${origin}/api/v1/payment-result/?${search}`).toBe(guestUrl)
    expect(await takeEarlyGet(guestUrl, null)).toBeDefined()
  })

  it('sends nothing for a result page without an order id', () => {
    sendEarlyGets('/payment-success', null, origin, '')
    sendEarlyGets('/payment-fail', 'tok-1', origin, '?order_id=%20')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
