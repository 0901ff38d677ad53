/**
 * Typed API errors. A route throws `ApiError`; the one error handler turns it into
 * `{ message, code }` with its status (docs/product.md#api). Anything else is a 500 whose internals
 * are logged, never sent.
 */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Extra fields sent beside message and code (e.g. `retry_after_seconds`). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new ApiError(400, code, message, extra)
export const unauthorized = (message = 'Please log in again.') =>
  new ApiError(401, 'UNAUTHORIZED', message)
export const forbidden = (code: string, message: string, extra?: Record<string, unknown>) =>
  new ApiError(403, code, message, extra)
export const notFound = (code: string, message: string) => new ApiError(404, code, message)
export const conflict = (code: string, message: string, extra?: Record<string, unknown>) =>
  new ApiError(409, code, message, extra)
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message)
