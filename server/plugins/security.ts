/**
 * Security headers and a strict Content-Security-Policy on every response (docs/product.md#security): no
 * inline script; styles allow inline because the toast library injects a <style> element.
 * YouTube's privacy-enhanced embed and thumbnails are the only third-party origins; the card
 * provider's SDK origin is allowed for `/payment` only when that provider is configured.
 * Strict-Transport-Security goes only on answers to requests that arrived over HTTPS, directly or
 * through a trusted proxy's `X-Forwarded-Proto` (TRUST_PROXY): a browser ignores it over plain
 * HTTP, and a plain-HTTP deployment (a local start) must not promise HTTPS it does not serve.
 */
import fp from 'fastify-plugin'
import type { AppConfig } from '../config.ts'

const CARD_SDK_ORIGIN = 'https://sdk.cashfree.com'

/** One year, subdomains included: helmet's default policy, sent over HTTPS only. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

/** The Content-Security-Policy for `config`: the card provider's origins only when configured. */
function contentSecurityPolicy(config: Pick<AppConfig, 'paymentProvider'>): string {
  const cashfree = config.paymentProvider === 'cashfree'
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(cashfree ? [CARD_SDK_ORIGIN] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https://i.ytimg.com']],
    ['media-src', ["'self'", 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(cashfree ? ['https://*.cashfree.com'] : [])]],
    [
      'frame-src',
      ['https://www.youtube-nocookie.com', ...(cashfree ? ['https://*.cashfree.com'] : [])],
    ],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join(';')
}

/**
 * The headers every answer carries: the CSP above and the rest of helmet's defaults (as
 * @fastify/helmet sent them, without Cross-Origin-Embedder-Policy, which would block the
 * YouTube embed). Computed once: @fastify/helmet rebuilt helmet, CSP parsing included, on
 * every request, which cost more than a dashboard's database work.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'paymentProvider'>,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
}

export default fp(async (app) => {
  const headers = Object.entries(securityHeaders(app.config))
  // On the raw response, as helmet does, so errors, 404s and streamed files carry them too.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
  })
  // request.protocol reads X-Forwarded-Proto only when trustProxy is on.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE)
  })
})
