/**
 * The one error handler (DECISIONS §6): `ApiError` becomes `{ message, code, ...extra }` with its
 * status; schema validation failures become 400 `VALIDATION`; anything else is logged and answered
 * as a 500 without internals.
 */
import fp from 'fastify-plugin'
import { ApiError } from '../lib/errors.ts'

export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, ...error.extra })
    }
    const e = error as { validation?: unknown; statusCode?: number; code?: string; message: string }
    if (e.validation) {
      return reply.status(400).send({ message: `Invalid request: ${e.message}`, code: 'VALIDATION' })
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
