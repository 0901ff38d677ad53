/**
 * Every string the API takes is checked before a route sees it (docs/product.md#api, #security): body fields
 * (JSON or form, nested too, keys included), query parameters and path parameters. A control
 * character (NUL and the rest of C0, DEL, C1), invalid Unicode (a lone surrogate, U+FFFD from
 * bytes that were not UTF-8, the non-characters U+FFFE/U+FFFF) or a value over 1,000 characters
 * answers 400 VALIDATION `{ message, code, field }` naming the field. PostgreSQL refuses NUL in
 * text and lone surrogates in UTF-8, so without this such input became a 500 there.
 * A body the route parses itself (a raw string, the payment webhook's signed text) is left alone.
 */
import fp from 'fastify-plugin'
import { badRequest, type ApiError } from '../lib/errors.ts'

/** The longest string value any route takes; routes' own schemas may allow less. */
const MAX_STRING_LENGTH = 1000
/** The longest object key; no route reads a key longer than about 30. */
const MAX_KEY_LENGTH = 100
/** Nesting deeper than this is no request of this API. */
const MAX_DEPTH = 8

// C0 controls, DEL and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const NOT_UNICODE_TEXT = /[\ufffd\ufffe\uffff]/

/** Why `value` is refused, as the end of a sentence after the field name; null when it is fine. */
function stringProblem(value: string, maxLength = MAX_STRING_LENGTH): string | null {
  if (CONTROL.test(value)) return 'must not contain control characters'
  if (LONE_SURROGATE.test(value) || NOT_UNICODE_TEXT.test(value)) {
    return 'must be valid Unicode text'
  }
  if (value.length > maxLength) return `must be ${maxLength} characters or less`
  return null
}

const fieldError = (field: string, problem: string): ApiError =>
  badRequest('VALIDATION', `${field || 'The request'} ${problem}.`, { field })

const child = (path: string, key: string) => (path ? `${path}.${key}` : key)

/**
 * Walks `value` and throws 400 VALIDATION `{ field }` at the first refused string, key or depth.
 * `path` is the field name reported (`email_id`, `data.order.order_id`, `items[2]`).
 */
function assertCleanInput(value: unknown, path = '', depth = 0): void {
  if (typeof value === 'string') {
    const problem = stringProblem(value)
    if (problem) throw fieldError(path, problem)
    return
  }
  if (value === null || typeof value !== 'object') return
  if (depth >= MAX_DEPTH) throw fieldError(path, 'is nested too deeply')
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertCleanInput(item, `${path}[${i}]`, depth + 1))
    return
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = stringProblem(key, MAX_KEY_LENGTH)
    if (problem) throw fieldError(child(path, '(a field name)'), problem)
    assertCleanInput(item, child(path, key), depth + 1)
  }
}

export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.params)
    assertCleanInput(request.query)
    if (typeof request.body === 'object') assertCleanInput(request.body)
  })
})
