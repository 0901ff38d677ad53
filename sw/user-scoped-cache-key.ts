/// <reference lib="webworker" />
/**
 * Cache keys for the API answers kept offline: the URL plus a digest of the request's
 * Authorization header, so one account's saved data is never served to another on a shared phone.
 */

/** A workbox `cacheKeyWillBeUsed` callback: `{request}` → the request keyed by user. */
export async function userScopedCacheKey({
  request,
}: {
  request: Request
}): Promise<Request | string> {
  const authorization = request.headers.get('Authorization')
  if (!authorization) return request
  const token = authorization.replace(/^Bearer\s+/i, '')
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
  const url = new URL(request.url)
  url.searchParams.set('__user', hex)
  return url.href
}
