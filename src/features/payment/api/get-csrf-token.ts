/**
 * `GET /csrf-token/` (earning contract): the token the card test form sends back in the
 * `X-CSRF-Token` header; the server also sets the matching cookie on this answer.
 */
import { api } from '@/lib/api-client'

/**
 * Fetches a CSRF token (a string). Accepts `{csrf_token}`, `{csrfToken}` or `{token}`, since the
 * contract does not name the field. Throws the client's error on failure, or an Error when the
 * answer carries no token.
 */
export async function getCsrfToken(): Promise<string> {
  const body = await api.get('csrf-token/').json<Record<string, unknown>>()
  const token = body.csrf_token ?? body.csrfToken ?? body.token
  if (typeof token !== 'string' || token === '')
    throw new Error('csrf-token: no token in the answer')
  return token
}
