/**
 * Security headers and a strict Content-Security-Policy on every response (DECISIONS §7): no
 * inline script; styles allow inline because the toast library injects a <style> element.
 * YouTube's privacy-enhanced embed and thumbnails are the only third-party origins; the card
 * provider's SDK origin is allowed for `/payment` only when that provider is configured.
 * Strict-Transport-Security goes only on answers to requests that arrived over HTTPS, directly or
 * through a trusted proxy's `X-Forwarded-Proto` (TRUST_PROXY): a browser ignores it over plain
 * HTTP, and a plain-HTTP deployment (a local start) must not promise HTTPS it does not serve.
 */
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

export const CARD_SDK_ORIGIN = 'https://sdk.cashfree.com'

/** One year, subdomains included: helmet's default policy, sent over HTTPS only. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

export default fp(async (app) => {
  const scriptSrc = ["'self'"]
  const connectSrc = ["'self'"]
  const frameSrc = ['https://www.youtube-nocookie.com']
  if (app.config.paymentProvider === 'cashfree') {
    scriptSrc.push(CARD_SDK_ORIGIN)
    connectSrc.push('https://*.cashfree.com')
    frameSrc.push('https://*.cashfree.com')
  }
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc,
        frameSrc,
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  // request.protocol reads X-Forwarded-Proto only when trustProxy is on.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE)
  })
})
