import { afterEach, describe, expect, it, vi } from 'vitest'
import { HTTPError } from 'ky'
import { logFailure } from './log-failure'

const httpError = (status: number) =>
  new HTTPError(new Response('{}', { status }), new Request('http://localhost/x'), {} as never)

afterEach(() => vi.restoreAllMocks())

describe('logFailure', () => {
  it('logs an expected 4xx refusal as a warning and anything else as an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    logFailure('create-order', httpError(409))
    expect(warn).toHaveBeenCalledWith('create-order: 409')
    expect(error).not.toHaveBeenCalled()
    logFailure('create-order', httpError(503))
    logFailure('create-order', new TypeError('Failed to fetch'))
    expect(error).toHaveBeenCalledTimes(2)
  })
})
