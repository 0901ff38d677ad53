/**
 * Helpers for the profile screens' component tests: render a screen at a URL inside an in-memory
 * wouter router (in StrictMode, as the app does), read where it navigated to, and build the ky
 * errors the API modules reject with.
 */
import { StrictMode, type ReactElement } from 'react'
import { act, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HTTPError } from 'ky'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { User } from '@/stores/user-store'

/** Renders `ui` at `url`; `currentUrl()` is the URL the screen shows now. */
export function renderAt(ui: ReactElement, url: string) {
  const location = memoryLocation({ path: url, record: true })
  const user = userEvent.setup()
  const view = render(
    <StrictMode>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </StrictMode>,
  )
  return { ...view, user, currentUrl: () => location.history.at(-1) }
}

/** Lets pending promise callbacks (mocked API answers) and their state updates run. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve()
  })
}

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
