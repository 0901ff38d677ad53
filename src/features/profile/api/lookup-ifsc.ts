/**
 * `GET /ifsc/{code}`: resolves an IFSC through our API, which asks the public IFSC service and
 * keeps its answers (docs/product.md#validation, #configuration).
 */
import { HTTPError } from 'ky'
import { api } from '@/lib/api-client'
import type { IfscAnswer } from '@contract/api/profile'

export type { IfscAnswer }

/**
 * Resolves with the bank and branch of a well-formed, uppercased IFSC, or null when the code is
 * unknown or malformed (404 / 400). Rethrows other failures (offline, 5xx) after logging them.
 */
export async function lookupIfsc(code: string): Promise<IfscAnswer | null> {
  try {
    return await api.get(`ifsc/${encodeURIComponent(code)}`).json<IfscAnswer>()
  } catch (error) {
    if (error instanceof HTTPError && [400, 404].includes(error.response.status)) return null
    console.error('ifsc lookup failed', error)
    throw error
  }
}
