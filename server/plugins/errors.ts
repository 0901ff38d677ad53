/**
 * The one error handler (DECISIONS §6): `ApiError` becomes `{ message, code, ...extra }` with its
 * status; schema validation failures become 400 `VALIDATION` with the offending `field`; anything
 * else is logged and answered as a 500 without internals. Per-request logging is off (app.ts):
 * only answers of 500 and above and answers slower than SLOW_ANSWER_MS are logged, one line each.
 */
import fp from 'fastify-plugin'
import { ApiError } from '../lib/errors.ts'

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
    const body = e as { statusCode?: number; code?: string; message: string } & Record<
      string,
      unknown
    >
    if (body.statusCode && body.statusCode < 500) {
      return reply.status(body.statusCode).send({
        ...(body.code === 'RATE_LIMITED' ? body : {}),
        message: body.message,
        code: body.code ?? 'BAD_REQUEST',
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' })
  })
})
