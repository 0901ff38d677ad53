// Every error body is the API's `{ message, code }` (docs/product.md#api), on both engines, including the
// refusals raised before a route runs: by Fastify's body parsing (bad or empty JSON, a Content-Type
// the route does not take, a body over the limit, a Content-Length that is not the body's), by
// @fastify/compress, by the router (a malformed %-escape, an unknown route) and, over real HTTP, by
// Node's HTTP parser (a Content-Length that is not a number or is sent twice, headers too large).
// None of them carries Fastify's `error` and `statusCode` or an `FST_…` code.
import net from 'node:net'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser, type TestUser } from '../helpers/users.ts'

/** A route that takes a JSON body, behind a token and no rate limit. */
const ROUTE = '/api/v1/add-withdraw/'

/** Asserts an answer is exactly `{ message, code }` with this status and code. */
function expectApiError(
  res: { status: number; body: unknown; type?: string },
  status: number,
  code: string,
): void {
  expect(res.status).toBe(status)
  expect(res.type).toMatch(/^application\/json/)
  expect(res.body).toEqual({ message: expect.any(String), code })
  const { message } = res.body as { message: string }
  expect(message).not.toMatch(/FST_|HPE_|statusCode/)
  expect(message.length).toBeGreaterThan(0)
}

/** Parses a raw HTTP/1.1 answer read off a socket into its status, Content-Type and JSON body. */
function parseRawAnswer(text: string): { status: number; type?: string; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2)
  const [statusLine = '', ...headers] = head.split('\r\n')
  const type = headers
    .map((h) => /^content-type:\s*(.*)$/i.exec(h)?.[1])
    .find((v) => v !== undefined)
  return { status: Number(statusLine.split(' ')[1]), type, body: JSON.parse(body) as unknown }
}

/** Writes `request` as raw bytes to 127.0.0.1:`port`; resolves with all it reads until close. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // The server closes the connection after its answer; a reset after the answer arrived (bytes
    // it never read) still leaves the answer to check.
    const answer = () => Buffer.concat(chunks).toString('utf8')
    socket.on('error', (error) => (chunks.length > 0 ? resolve(answer()) : reject(error)))
    socket.on('close', () => resolve(answer()))
  })
}

describe.each(ENGINES)('transport-level refusals on %s', (engine) => {
  const api = withApi(engine, { authRateLimit: { max: 1, timeWindowMs: 60_000 } })
  let user: TestUser
  let port: number

  /** Sends `payload` to `url` through `app.inject` with the user's token. */
  const send = async (
    headers: Record<string, string>,
    payload?: string | Buffer,
    options: { url?: string; method?: 'GET' | 'POST' } = {},
  ) => {
    const res = await api.app.inject({
      method: options.method ?? 'POST',
      url: options.url ?? ROUTE,
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 't-1', ...headers },
      payload,
    })
    return {
      status: res.statusCode,
      type: res.headers['content-type'] as string | undefined,
      body: res.json() as unknown,
    }
  }

  beforeAll(async () => {
    user = await createTestUser(api.app)
    await api.app.listen({ port: 0, host: '127.0.0.1' })
    port = (api.app.server.address() as net.AddressInfo).port
  })

  it('answers 400 BAD_JSON to a body that is not JSON but says it is', async () => {
    expectApiError(
      await send({ 'content-type': 'application/json' }, '{"upi_id":'),
      400,
      'BAD_JSON',
    )
    // A prototype-poisoning key is refused the same way.
    expectApiError(
      await send({ 'content-type': 'application/json' }, '{"__proto__":{"x":1}}'),
      400,
      'BAD_JSON',
    )
  })

  it('answers 400 BAD_JSON to an empty body whose Content-Type says JSON', async () => {
    expectApiError(await send({ 'content-type': 'application/json' }, ''), 400, 'BAD_JSON')
  })

  it('answers 415 UNSUPPORTED_MEDIA_TYPE to a Content-Type the route does not take', async () => {
    expectApiError(
      await send({ 'content-type': 'application/xml' }, '<upi_id/>'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectApiError(await send({ 'content-type': 'text/csv' }, 'a,b'), 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('answers 413 BODY_TOO_LARGE to a body over the limit', async () => {
    const big = JSON.stringify({ upi_id: 'a@ybl', pad: 'x'.repeat(70_000) })
    expectApiError(await send({ 'content-type': 'application/json' }, big), 413, 'BODY_TOO_LARGE')
  })

  it('answers 400 BAD_CONTENT_LENGTH when Content-Length is not the body size', async () => {
    expectApiError(
      await send({ 'content-type': 'application/json', 'content-length': '3' }, '{"amount":1}'),
      400,
      'BAD_CONTENT_LENGTH',
    )
  })

  it('answers 415 UNSUPPORTED_ENCODING and 400 BAD_ENCODING to bodies it cannot decompress', async () => {
    expectApiError(
      await send({ 'content-type': 'application/json', 'content-encoding': 'zz' }, '{}'),
      415,
      'UNSUPPORTED_ENCODING',
    )
    expectApiError(
      await send({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'not gzip'),
      400,
      'BAD_ENCODING',
    )
    // A well-formed gzip body is read: the route itself answers (VALIDATION, not a transport code).
    const gzipped = await send(
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      zlib.gzipSync('{"upi_id":"not a upi id","amount":1}'),
    )
    expect(gzipped.status).toBe(400)
    expect(gzipped.body).toMatchObject({ code: 'VALIDATION' })
  })

  it('answers 404 NOT_FOUND to an unknown route, 400 BAD_URL to a bad %-escape, 414 URL_TOO_LONG', async () => {
    expectApiError(
      await send({}, undefined, { method: 'GET', url: '/api/v1/no-such-route/' }),
      404,
      'NOT_FOUND',
    )
    expectApiError(
      await send({ 'content-type': 'application/json' }, '{}', { url: '/api/v1/no-such-route/' }),
      404,
      'NOT_FOUND',
    )
    expectApiError(
      await send({}, undefined, { method: 'GET', url: '/api/v1/orders/%zz' }),
      400,
      'BAD_URL',
    )
    expectApiError(
      await send({}, undefined, { method: 'GET', url: `/api/v1/orders/${'a'.repeat(200)}` }),
      414,
      'URL_TOO_LONG',
    )
  })

  it('answers 429 RATE_LIMITED with its retry_after_seconds and without Fastify’s fields', async () => {
    const forgot = () =>
      api.call('POST', '/api/v1/forgot-password/', {
        body: { email_id: 'nobody@example.com' },
        ip: '10.42.0.1',
      })
    expect((await forgot()).status).not.toBe(429)
    const limited = await forgot()
    expect(limited.status).toBe(429)
    expect(Object.keys(limited.body).sort()).toEqual(['code', 'message', 'retry_after_seconds'])
    expect(limited.body.code).toBe('RATE_LIMITED')
  })

  describe('over real HTTP', () => {
    const url = () => `http://127.0.0.1:${port}${ROUTE}`
    const headers = () => ({
      authorization: `Bearer ${user.token}`,
      'idempotency-key': 't-2',
      'content-type': 'application/json',
    })
    const fetched = async (res: Response) => ({
      status: res.status,
      type: res.headers.get('content-type') ?? undefined,
      body: (await res.json()) as unknown,
    })

    it('answers 400 BAD_CONTENT_LENGTH to a Content-Length that is not a number', async () => {
      const answer = await rawHttp(
        port,
        `POST ${ROUTE} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          'Content-Length: abc\r\n\r\n{}',
      )
      expectApiError(parseRawAnswer(answer), 400, 'BAD_CONTENT_LENGTH')
    })

    it('answers 400 BAD_CONTENT_LENGTH to two different Content-Length headers', async () => {
      const answer = await rawHttp(
        port,
        `POST ${ROUTE} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      )
      expectApiError(parseRawAnswer(answer), 400, 'BAD_CONTENT_LENGTH')
    })

    it('answers 431 HEADERS_TOO_LARGE and 400 BAD_REQUEST to what Node cannot parse', async () => {
      const big = await rawHttp(
        port,
        `GET /api/v1/config/ HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`,
      )
      expectApiError(parseRawAnswer(big), 431, 'HEADERS_TOO_LARGE')
      const garbage = await rawHttp(port, 'NOT HTTP AT ALL\r\n\r\n')
      expectApiError(parseRawAnswer(garbage), 400, 'BAD_REQUEST')
    })

    it('answers 400 BAD_JSON and 413 BODY_TOO_LARGE through the socket too', async () => {
      expectApiError(
        await fetched(await fetch(url(), { method: 'POST', headers: headers(), body: '{"a":' })),
        400,
        'BAD_JSON',
      )
      const big = JSON.stringify({ upi_id: 'a@ybl', pad: 'x'.repeat(70_000) })
      expectApiError(
        await fetched(await fetch(url(), { method: 'POST', headers: headers(), body: big })),
        413,
        'BODY_TOO_LARGE',
      )
    })
  })
})
