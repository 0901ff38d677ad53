/**
 * Pieces every area of the API contract uses (docs/product.md#api): the `{ message, code }` error body,
 * `{ message }` answers, nullable values, and the OpenAPI security requirements. TypeBox schemas
 * are plain JSON Schema objects; no DOM and no Node imports (the PWA imports only the types).
 */
import { Type, type Static, type TSchema } from 'typebox'

/**
 * `schema` or null. Null first: query strings are read with type coercion, which would turn a null
 * into 0 or '' in the first branch it tries (bodies are validated without coercion).
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema])

/**
 * The most rupees a request body may name: ₹1,00,00,000, whose coins (at 100 per rupee) fit the
 * ledger's 32-bit integers. No plan, balance or payout comes near it.
 */
export const MAX_REQUEST_RUPEES = 10_000_000
/** The largest row id: a PostgreSQL integer. */
export const MAX_ROW_ID = 2_147_483_647

/**
 * Whole rupees in a request body: a JSON integer from 1 to MAX_REQUEST_RUPEES. Bodies are validated
 * without type coercion, so `"10"`, `true`, `[5]`, `10.5`, `-1` and `1e20` are refused with 400
 * VALIDATION (docs/product.md#units).
 */
export const WholeRupees = (description = 'Whole rupees, a JSON integer.') =>
  Type.Integer({ minimum: 1, maximum: MAX_REQUEST_RUPEES, description })

/** A row's id in a request body: a JSON integer from 1 to MAX_ROW_ID, never text. */
export const RowId = (description = 'A row id, a JSON integer.') =>
  Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description })

/** `{ message, code, …extra }`, the body of every refusal (`field` names a bad input, docs/product.md#api). */
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

/** A user's access token in `Authorization: Bearer …` (docs/product.md#api). */
export const bearerAuth: Security = [{ bearerAuth: [] }]
/** A token is optional: with one, the answer is the user's; without, a guest's. */
export const optionalBearerAuth: Security = [{ bearerAuth: [] }, {}]

/**
 * The `Idempotency-Key` header of a route that takes one (docs/product.md#api): the same key returns the
 * first answer. Optional in the schema so a missing key answers 400 IDEMPOTENCY_KEY_REQUIRED from
 * server/earning/idempotency.ts; routes where it is required say so in `config.idempotencyKey`.
 */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ maxLength: 200, description: 'A fresh random key (a UUID) per new request.' }),
  ),
})
