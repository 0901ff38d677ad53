/** The payment API calls through the real client: paths, form encoding, CSRF header, answers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getCsrfToken } from './get-csrf-token'
import { createCardOrder } from './create-card-order'
import { getPaymentResult } from './get-payment-result'

const calls: { request: Request; body: string }[] = []

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push({ request, body: await request.clone().text() })
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
}

beforeEach(() => {
  calls.length = 0
  // Node's Request needs absolute URLs; a browser resolves the client's '/api/v1/' against the page.
  const NodeRequest = globalThis.Request
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init)
      }
    },
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('createCardOrder', () => {
  it('posts the five fields form-encoded with the X-CSRF-Token header', async () => {
    answer({ cftoken: 'session-1', order_id: 'ORD-9' })
    const fields = {
      order_id: 'ORD-9',
      order_amount: '499',
      customer_name: 'Asha Rao',
      customer_email: 'asha+1@example.com',
      customer_phone: '9876543210',
    }
    await expect(createCardOrder(fields, 'csrf-1')).resolves.toEqual({
      cftoken: 'session-1',
      order_id: 'ORD-9',
    })
    const { request, body } = calls[0]!
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/api/v1/create-order/')
    expect(request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
    expect(request.headers.get('x-csrf-token')).toBe('csrf-1')
    expect(body).toBe(
      'order_id=ORD-9&order_amount=499&customer_name=Asha+Rao&customer_email=asha%2B1%40example.com&customer_phone=9876543210',
    )
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual(fields)
  })

  it('rejects with the HTTP error when the server answers 501', async () => {
    answer({ code: 'CARD_PROVIDER_NOT_CONFIGURED', message: 'not set up' }, 501)
    await expect(
      createCardOrder(
        {
          order_id: 'a',
          order_amount: '1',
          customer_name: 'b',
          customer_email: 'c@d.in',
          customer_phone: '9876543210',
        },
        't',
      ),
    ).rejects.toMatchObject({ response: { status: 501 } })
  })
})

describe('getCsrfToken', () => {
  it('reads the token from GET /api/v1/csrf-token/', async () => {
    answer({ csrf_token: 'tok-1' })
    await expect(getCsrfToken()).resolves.toBe('tok-1')
    expect(new URL(calls[0]!.request.url).pathname).toBe('/api/v1/csrf-token/')
    expect(calls[0]!.request.method).toBe('GET')
  })

  it('throws when the answer carries no token', async () => {
    answer({})
    await expect(getCsrfToken()).rejects.toThrow('no token')
  })
})

describe('getPaymentResult', () => {
  it('reads data from GET /api/v1/payment-result/?order_id=…, null included', async () => {
    const order = {
      order_id: 'ORD 7',
      amount: 99,
      status: 'confirmed',
      method: 'UPI',
      upi_reference: 'UTR1',
    }
    answer({ data: order })
    await expect(getPaymentResult('ORD 7')).resolves.toEqual(order)
    const url = new URL(calls[0]!.request.url)
    expect(url.pathname).toBe('/api/v1/payment-result/')
    expect(url.searchParams.get('order_id')).toBe('ORD 7')
    answer({ data: null })
    await expect(getPaymentResult('FAKE')).resolves.toBeNull()
  })
})
