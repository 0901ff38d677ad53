/**
 * The API's refusals in Hindi: every error code the product API can send the PWA has a Hindi text
 * (found by a TypeScript AST scan of server/: a new code without one fails here), and a Hindi page
 * shows a refusal in Hindi while an English page keeps the server's words.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activateLocale } from '@/i18n/i18n'
import { apiErrorText, loadApiErrorTexts } from './api-error-text'
import { API_ERROR_TEXTS } from './api-error-codes'

const root = path.resolve(import.meta.dirname, '../..')
const hindi = JSON.parse(
  fs.readFileSync(path.join(root, 'src/i18n/locales/hi.json'), 'utf8'),
) as Record<string, string>

/** Codes only the operators' console, the ops command or the payment webhook ever receive. */
const NOT_FOR_THE_PWA = new Set([
  'ORDER_ALREADY_CONFIRMED', // confirming an order (ops, webhook)
  'ORDER_CANCELLED',
  'ORDER_REJECTED',
  'UTR_MISMATCH',
  'FEE_NOT_PAID', // refunding a fee (ops)
  'REFUND_WINDOW_PASSED',
  'WEBHOOK_NOT_CONFIGURED',
  'WITHDRAWAL_ALREADY_PAID', // paying out (ops)
  'WITHDRAWAL_FAILED',
  'WITHDRAWAL_HELD', // paying out or failing a withdrawal under review (ops)
  'WITHDRAWAL_REJECTED',
  'WITHDRAWAL_NOT_FOUND',
  'NOT_READY', // the load balancer's readiness check
  'OPS_NOT_BUILT',
  // Refusals of malformed or stalled requests (server/plugins/errors.ts), which the PWA's client
  // never makes: it sends only small JSON bodies it built, to paths it encoded. A Hindi page
  // would show the server's English for them.
  'BAD_CONTENT_LENGTH',
  'BAD_ENCODING',
  'BAD_JSON',
  'BAD_REQUEST',
  'BAD_URL',
  'BODY_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_ENCODING',
  'UNSUPPORTED_MEDIA_TYPE',
  'URL_TOO_LONG',
])

/** The helpers of server/lib/errors.ts and the ApiError constructor: their first code argument. */
const THROWERS = new Set([
  'ApiError',
  'badRequest',
  'forbidden',
  'notFound',
  'conflict',
  'tooManyRequests',
])

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'ops' ? [] : serverFiles(file)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : []
  })
}

/** Every code the server answers with outside its operators' parts, and where it is thrown. */
function serverCodes(): Map<string, string> {
  const codes = new Map<string, string>()
  for (const file of serverFiles(path.join(root, 'server'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    const visit = (node: ts.Node): void => {
      const call = ts.isCallExpression(node) || ts.isNewExpression(node) ? node : null
      const name = call ? call.expression.getText(source).split('.').pop() : undefined
      if (call && name && THROWERS.has(name)) {
        const code = call.arguments?.find((a) => ts.isStringLiteral(a) && /^[A-Z_]+$/.test(a.text))
        if (code && ts.isStringLiteral(code)) codes.set(code.text, path.relative(root, file))
      }
      // `{ message, code: 'X' }` sent by hand (rate limit, 404, 500, health).
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText(source) === 'code' &&
        ts.isStringLiteral(node.initializer) &&
        /^[A-Z_]+$/.test(node.initializer.text)
      )
        codes.set(node.initializer.text, path.relative(root, file))
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return codes
}

describe('API error texts', () => {
  const codes = serverCodes()

  it('finds the codes the server throws (the scan works)', () => {
    for (const code of ['VALIDATION', 'ACCOUNT_LOCKED', 'RATE_LIMITED', 'INTERNAL', 'OTP_USED'])
      expect([...codes.keys()]).toContain(code)
  })

  it('has a Hindi text for every code the PWA can receive', () => {
    const missing = [...codes]
      .filter(([code]) => !NOT_FOR_THE_PWA.has(code) && !hindi[API_ERROR_TEXTS[code] ?? ''])
      .map(([code, file]) => `${code} (${file})`)
    expect(missing).toEqual([])
    expect(hindi[API_ERROR_TEXTS.NETWORK ?? '']).toBeTruthy()
  })

  it('lists no code the server no longer sends', () => {
    const stale = Object.keys(API_ERROR_TEXTS).filter((c) => c !== 'NETWORK' && !codes.has(c))
    expect(stale).toEqual([])
  })

  describe('on a Hindi page', () => {
    beforeAll(async () => {
      await activateLocale('hi')
      await loadApiErrorTexts()
    })
    afterAll(() => activateLocale('en'))

    it("shows a day's signup limit (429 SIGNUP_LIMIT) in Hindi", () => {
      expect(
        apiErrorText({
          code: 'SIGNUP_LIMIT',
          message: 'This phone has already created 3 accounts today. Please try again tomorrow.',
        }),
      ).toBe('आज इस फ़ोन या नेटवर्क से बहुत ज़्यादा अकाउंट बनाए जा चुके हैं। कृपया कल फिर कोशिश करें।')
    })

    it('shows the Hindi of the code, with the numbers of the answer', () => {
      expect(
        apiErrorText({
          code: 'ACCOUNT_LOCKED',
          message: 'Too many wrong PINs. Your account is locked for 15 minutes.',
          retry_after_seconds: 900,
        } as never),
      ).toBe('बहुत बार गलत PIN डाला गया। आपका अकाउंट 15 मिनट के लिए लॉक है।')
      expect(
        apiErrorText({
          code: 'REFERRALS_REQUIRED',
          message: 'Refer 3 friends who verify their email to withdraw (1/3).',
          extra: { referral_count: 1, referrals_needed: 3 },
        }),
      ).toContain('(1/3)')
      expect(
        apiErrorText({
          code: 'MIN_BALANCE',
          message: 'You need a minimum balance of ₹999 to withdraw earnings.',
        }),
      ).toContain('₹999')
    })

    it('uses the catalog’s translation when the server’s words are a catalog message', () => {
      expect(
        apiErrorText({
          code: 'VALIDATION',
          message: 'Invalid IFSC code or bank details not found.',
        }),
      ).toBe(hindi['Invalid IFSC code or bank details not found.'])
      expect(apiErrorText({ code: 'VALIDATION', message: 'keys.auth must be 16 bytes.' })).toBe(
        hindi['Please check what you entered and try again.'],
      )
    })

    it('adds an operator’s reason after the translation, labelled as their words', () => {
      const suspended = {
        code: 'ACCOUNT_SUSPENDED',
        message:
          'Your account is suspended: many accounts from one phone. Rewards and withdrawals are paused; write to support to resolve it.',
      }
      expect(apiErrorText({ ...suspended, reason: 'many accounts from one phone' } as never)).toBe(
        `${hindi[API_ERROR_TEXTS.ACCOUNT_SUSPENDED ?? '']} हमारी टीम का बताया कारण: “many accounts from one phone”`,
      )
      // As the outbox keeps it: the reason among the extra fields.
      expect(apiErrorText({ ...suspended, extra: { reason: 'fake referrals' } })).toContain(
        'हमारी टीम का बताया कारण: “fake referrals”',
      )
      // No reason stored: the translation alone.
      expect(apiErrorText({ ...suspended, reason: null } as never)).toBe(
        hindi[API_ERROR_TEXTS.ACCOUNT_SUSPENDED ?? ''],
      )
    })

    it('keeps the server’s English for a code it does not know', () => {
      expect(apiErrorText({ code: 'SOMETHING_NEW', message: 'A new refusal.' })).toBe(
        'A new refusal.',
      )
    })
  })

  it('keeps the server’s own words on an English page', () => {
    expect(apiErrorText({ code: 'OTP_USED', message: 'This code has already been used.' })).toBe(
      'This code has already been used.',
    )
    expect(apiErrorText(null)).toBe('')
  })
})
