/**
 * The one error handler (docs/product.md#api): every refusal is `{ message, code }` with its status.
 * `ApiError` becomes `{ message, code, ...extra }`; schema validation failures become 400
 * `VALIDATION` with the offending `field`; refusals raised before a route runs (by Fastify, by a
 * plugin or by Node's HTTP parser) get the API codes of TRANSPORT_ERRORS; anything else is logged
 * and answered as a 500 without internals. Per-request logging is off (app.ts): only answers of
 * 500 and above and answers slower than SLOW_ANSWER_MS are logged, one line each.
 */
import http from 'node:http'
import type { Socket } from 'node:net'
import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from '../lib/errors.ts'
import { isStatementTimeout } from '../db/index.ts'

interface SchemaError {
  instancePath?: string
  params?: { missingProperty?: string; additionalProperty?: string }
}

/**
 * The field a schema validation error is about, as a dotted path (`email_id`, `otp_response.x`):
 * the missing or unexpected property, else the failing value's path; '' for the whole body.
 */
function schemaErrorField(validation: unknown): string {
  const first = (Array.isArray(validation) ? validation[0] : undefined) as SchemaError | undefined
  const path = (first?.instancePath ?? '').split('/').filter(Boolean)
  const named = first?.params?.missingProperty ?? first?.params?.additionalProperty
  if (named) path.push(named)
  return path.join('.')
}

/** An answer that took longer than this (ms) is logged as slow. */
const SLOW_ANSWER_MS = 1000

/** A refusal's answer: its status and the API's error body. */
interface Refusal {
  status: number
  body: { message: string; code: string }
}

const BAD_CONTENT_LENGTH = {
  message: 'The Content-Length header is not valid for this request body.',
  code: 'BAD_CONTENT_LENGTH',
}

/**
 * The API codes of the refusals raised before a route runs, by the code Fastify, @fastify/compress
 * or Node's HTTP parser gives them. Their statuses stay as those raise them (400, 413, 415, …);
 * these codes are part of the API (docs/product.md#api):
 * - BAD_JSON (400): the body is not JSON, or is empty, while its Content-Type says JSON.
 * - UNSUPPORTED_MEDIA_TYPE (415): the route takes no body of this Content-Type (or none given).
 * - BODY_TOO_LARGE (413): the body is over the route's limit (64 KiB unless the route sets one).
 * - BAD_CONTENT_LENGTH (400): Content-Length is not a number, is sent twice, or is not the
 *   body's size.
 * - UNSUPPORTED_ENCODING (415): a request Content-Encoding other than gzip, deflate or br.
 * - BAD_ENCODING (400): the body cannot be decompressed with its Content-Encoding.
 * - BAD_URL (400): the path has a malformed %-escape.
 * - URL_TOO_LONG (414): a path parameter is over the router's limit.
 * - HEADERS_TOO_LARGE (431), REQUEST_TIMEOUT (408), BAD_REQUEST (400): Node's HTTP parser
 *   refused the request (headers too large, too slow to arrive, anything else not valid HTTP).
 * Another 4xx a library raises without an API code is NOT_FOUND (404) or BAD_REQUEST (its status).
 */
const TRANSPORT_ERRORS: Record<string, { message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    message: 'The request body is not valid JSON.',
    code: 'BAD_JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    message: 'The request body is empty, but its Content-Type says JSON.',
    code: 'BAD_JSON',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'This address does not accept a request body of this Content-Type.',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.', code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: BAD_CONTENT_LENGTH,
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    message: 'The request body is compressed in an encoding this server does not read.',
    code: 'UNSUPPORTED_ENCODING',
  },
  FST_CP_ERR_INVALID_CONTENT: {
    message: 'The request body could not be decompressed with its Content-Encoding.',
    code: 'BAD_ENCODING',
  },
  FST_ERR_BAD_URL: { message: 'The address is not a valid URL.', code: 'BAD_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'The address is too long.', code: 'URL_TOO_LONG' },
  HPE_INVALID_CONTENT_LENGTH: BAD_CONTENT_LENGTH,
  HPE_UNEXPECTED_CONTENT_LENGTH: BAD_CONTENT_LENGTH,
  HPE_HEADER_OVERFLOW: { message: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' },
  ERR_HTTP_REQUEST_TIMEOUT: {
    message: 'The request took too long to arrive.',
    code: 'REQUEST_TIMEOUT',
  },
}

/** `table[key]` when `table` has `key` of its own (never an Object.prototype member). */
function own<T>(table: Record<string, T>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined
}

/** The code and message of a 4xx refusal by status, for one TRANSPORT_ERRORS does not name. */
function refusalByStatus(status: number): { message: string; code: string } {
  switch (status) {
    case 404:
      return { message: 'Not found.', code: 'NOT_FOUND' }
    case 413:
      return TRANSPORT_ERRORS.FST_ERR_CTP_BODY_TOO_LARGE!
    case 415:
      return TRANSPORT_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE!
    default:
      return { message: 'The request is not valid.', code: 'BAD_REQUEST' }
  }
}

const INTERNAL: Refusal = {
  status: 500,
  body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
}

/** Fields of a thrown refusal that are Fastify's body shape, never sent (docs/product.md#api). */
/** A statement cancelled by PostgreSQL's `statement_timeout` (docs/product.md#scale). */
const STATEMENT_TIMEOUT: Refusal = {
  status: 503,
  body: { message: 'The server is busy. Please try again in a moment.', code: 'QUERY_TIMEOUT' },
}

const FASTIFY_FIELDS = new Set(['statusCode', 'error', 'code', 'message'])

/**
 * The answer to an error that is neither an ApiError nor a validation failure, or null (a 500):
 * - a transport refusal (Fastify's `FST_…` codes, @fastify/compress's, Node's parser's) as its
 *   API code from TRANSPORT_ERRORS, with its own status;
 * - another 4xx with an API-style code (RATE_LIMITED) as `{ message, code }`; when it was thrown
 *   as a plain object (an answer body, as @fastify/rate-limit's errorResponseBuilder builds), its
 *   other fields too (`retry_after_seconds`), never Fastify's `error` and `statusCode`;
 * - a 4xx without a code, or with a library's (`FST_`, `HPE_`, `ERR_`), by its status.
 */
function refusalOf(error: {
  statusCode?: number
  code?: string
  message?: string
}): (Refusal & { extra?: Record<string, unknown> }) | null {
  const status = error.statusCode
  if (!status || status < 400 || status >= 500) return null
  const known = own(TRANSPORT_ERRORS, error.code)
  if (known) return { status, body: { ...known } }
  const code = error.code
  if (!code || !/^[A-Z][A-Z0-9_]*$/.test(code) || /^(FST|HPE|ERR)_/.test(code)) {
    return { status, body: refusalByStatus(status) }
  }
  const extra =
    error instanceof Error
      ? {}
      : Object.fromEntries(Object.entries(error).filter(([key]) => !FASTIFY_FIELDS.has(key)))
  return {
    status,
    body: { message: error.message || refusalByStatus(status).message, code },
    extra,
  }
}

/**
 * Fastify's `frameworkErrors` option (app.ts): a malformed %-escape in the path (400 BAD_URL) or an
 * over-long path parameter (414 URL_TOO_LONG), refused before routing, answered as
 * `{ message, code }` like every other refusal (docs/product.md#api). Anything else is a 500 INTERNAL.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const refusal = refusalOf(error)
  if (!refusal) request.log.error({ err: error }, 'unhandled framework error')
  const { status, body } = refusal ?? INTERNAL
  void reply.status(status).send(body)
}

/** The statuses of Node's HTTP parser refusals that are not 400. */
const PARSER_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

/**
 * Fastify's `clientErrorHandler` option (app.ts): a request Node's HTTP parser refuses before
 * Fastify sees it (a Content-Length that is not a number or is sent twice, headers too large, a
 * request too slow to arrive, bytes that are not HTTP) is answered on the raw socket as JSON
 * `{ message, code }` with its status (400 BAD_CONTENT_LENGTH or BAD_REQUEST, 431
 * HEADERS_TOO_LARGE, 408 REQUEST_TIMEOUT; docs/product.md#api), then the connection is closed, as
 * Node and Fastify do by default. A reset or destroyed socket gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status = own(PARSER_STATUS, error.code) ?? 400
  const body = JSON.stringify(
    own(TRANSPORT_ERRORS, error.code) ?? {
      message: 'The request is not valid HTTP.',
      code: 'BAD_REQUEST',
    },
  )
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy(error)
}

export default fp(async (app) => {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500 && reply.elapsedTime < SLOW_ANSWER_MS) return
    request.log.warn(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      reply.statusCode >= 500 ? 'answered with a server error' : 'slow answer',
    )
  })
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      // A busy or rate-limited answer says when to come back (RFC 9110 Retry-After, in seconds).
      const retryAfter = error.extra.retry_after_seconds
      if (error.statusCode === 503 && typeof retryAfter === 'number') {
        reply.header('retry-after', String(retryAfter))
      }
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...error.extra })
    }
    const e = error as { validation?: unknown; statusCode?: number; code?: string; message: string }
    if (e.validation) {
      return reply.status(400).send({
        message: `Invalid request: ${e.message}`,
        code: 'VALIDATION',
        field: schemaErrorField(e.validation),
      })
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ url: request.url }, 'statement cancelled by statement_timeout')
      return reply.status(503).header('retry-after', '5').send(STATEMENT_TIMEOUT.body)
    }
    const refusal = refusalOf(e)
    if (refusal) {
      return reply.status(refusal.status).send({ ...refusal.body, ...refusal.extra })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(INTERNAL.status).send(INTERNAL.body)
  })
})
