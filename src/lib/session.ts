/**
 * The session's keys in localStorage, as docs/product.md#api names them: `access_token` (sent on every
 * authenticated call) and `request_id` (the post-signup OTP request). Logout clears local storage.
 */
import { forgetLastFrames } from './last-frame'

const TOKEN_KEY = 'access_token'
const REQUEST_ID_KEY = 'request_id'
const RESET_TOKEN_KEY = 'reset_token'

export const getAccessToken = (): string | null => localStorage.getItem(TOKEN_KEY)

/** Stores a new session's token; the screens' last frames of any earlier session are forgotten. */
export const setAccessToken = (token: string): void => {
  localStorage.setItem(TOKEN_KEY, token)
  void forgetLastFrames()
}

/** Forgets the token (and the screens' last frames drawn under it). */
export const clearAccessToken = (): void => {
  localStorage.removeItem(TOKEN_KEY)
  void forgetLastFrames()
}

export const getRequestId = (): string | null => localStorage.getItem(REQUEST_ID_KEY)
export const setRequestId = (id: string): void => localStorage.setItem(REQUEST_ID_KEY, id)

/** The proof of a verified OTP that `POST /new-password/` requires (kept for the reset screen only). */
export const getResetToken = (): string | null => sessionStorage.getItem(RESET_TOKEN_KEY)
export const setResetToken = (token: string): void => sessionStorage.setItem(RESET_TOKEN_KEY, token)
export const clearResetToken = (): void => sessionStorage.removeItem(RESET_TOKEN_KEY)

/** Whether a visitor counts as logged in (docs/product.md#screens: an access token is stored). */
export const isLoggedIn = (): boolean => Boolean(getAccessToken())
