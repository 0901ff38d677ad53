/**
 * Pieces every area of the API contract uses (DECISIONS §6): the `{ message, code }` error body,
 * `{ message }` answers, nullable values, and the OpenAPI security requirements. TypeBox schemas
 * are plain JSON Schema objects; no DOM and no Node imports (the PWA imports only the types).
 */
import { Type, type Static, type TSchema } from 'typebox'

/**
 * `schema` or null. Null first: Fastify's Ajv coerces types, and would turn a null into 0 or ''
 * in the first branch it tries.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema])

/** `{ message, code, …extra }`, the body of every refusal (`field` names a bad input, DECISIONS §6). */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    field: Type.Optional(Type.String({ description: 'The refused input, as a dotted path.' })),
  },
  { additionalProperties: true },
)
export type ErrorBody = Static<typeof ErrorBody>

/** `{ message }`: an answer with nothing more to say. */
export const MessageOnly = Type.Object({ message: Type.String() })
export type MessageOnly = Static<typeof MessageOnly>

/** The error answers of every route, for its `response` map. */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const

/** An OpenAPI security requirement: the schemes (by name) any one of which the route accepts. */
export type Security = { [scheme: string]: string[] }[]

/** A user's access token in `Authorization: Bearer …` (DECISIONS §6). */
export const bearerAuth: Security = [{ bearerAuth: [] }]
/** A token is optional: with one, the answer is the user's; without, a guest's. */
export const optionalBearerAuth: Security = [{ bearerAuth: [] }, {}]

/**
 * The `Idempotency-Key` header of a route that takes one (DECISIONS §6): the same key returns the
 * first answer. Optional in the schema so a missing key answers 400 IDEMPOTENCY_KEY_REQUIRED from
 * server/earning/idempotency.ts; routes where it is required say so in `config.idempotencyKey`.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ maxLength: 200, description: 'A fresh random key (a UUID) per new request.' }),
  ),
})
