/**
 * The one error handler (DECISIONS §6): `ApiError` becomes `{ message, code, ...extra }` with its
 * status; schema validation failures become 400 `VALIDATION` with the offending `field`; anything
 * else is logged and answered as a 500 without internals.
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
export function schemaErrorField(validation: unknown): string {
  const first = (Array.isArray(validation) ? validation[0] : undefined) as SchemaError | undefined
  const path = (first?.instancePath ?? '').split('/').filter(Boolean)
  const named = first?.params?.missingProperty ?? first?.params?.additionalProperty
  if (named) path.push(named)
  return path.join('.')
}

export default fp(async (app) => {
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
    const body = e as { statusCode?: number; code?: string; message: string } & Record<string, unknown>
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
