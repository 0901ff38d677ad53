/**
 * Helpers for the profile screens' component tests: the screens' shared `renderAt` and `settle`
 * (src/lib/render-at.test-helpers.tsx), the ky errors the API modules reject with, and a user.
 */
import { HTTPError } from 'ky'
import type { User } from '@/stores/user-store'

export { renderAt, settle } from '@/lib/render-at.test-helpers'

/** A ky `HTTPError` carrying `body` as JSON (or no body), as a failed API call rejects. */
export function httpError(status: number, body?: Record<string, unknown>): HTTPError {
  const response = new Response(body ? JSON.stringify(body) : null, {
    status,
    headers: body ? { 'content-type': 'application/json' } : {},
  })
  const request = new Request('http://localhost/api/v1/test/')
  return new HTTPError(response, request, {} as never)
}

/** A signed-in user as `GET /get-user/` returns it. */
export const SAMPLE_USER: User = {
  first_name: 'Asha Rao',
  email: 'asha@example.com',
  phone_number: '9876543210',
  points: 1599,
  views: 4,
  referral_id: 'ASHA1234',
  referral_count: 2,
  membership__video_point: 10,
  is_faulty: false,
  platform_fee_paid: false,
  email_verified: true,
}
