/**
 * A real SMTP server (the `smtp-server` package) on a random local port, keeping every message it
 * receives, so tests read OTP codes from real mail.
 *
 * A message is kept before the sink answers the end of its DATA, and nodemailer's `sendMail`
 * resolves only on that answer: once the app's mail sends have settled (`app.background.drain()`
 * for the mails sent after an answer), `messages` holds every mail they sent. So "no mail was sent"
 * is asserted after the drain, never after a pause.
 */
import { EventEmitter } from 'node:events'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface SmtpSink {
  /** nodemailer URL for SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** The mails to `to` (any case) among the messages after the first `after`. */
  mailsTo(to: string, after?: number): ReceivedMail[]
  /**
   * Waits for a mail to `to` among the messages after the first `after` that states a code, and
   * returns the newest such 4-digit code; rejects after `timeoutMs`.
   */
  waitForCode(to: string, options?: { timeoutMs?: number; after?: number }): Promise<string>
  /**
   * Waits until `count` mails to `to` after the first `after` messages have a body
   * (quoted-printable decoded) matching `pattern`, and returns each one's first capture group,
   * oldest first; after `timeoutMs`, returns the fewer it has.
   */
  waitForMatches(
    to: string,
    pattern: RegExp,
    count: number,
    options?: { timeoutMs?: number; after?: number },
  ): Promise<string[]>
  close(): Promise<void>
}

/** The body of a raw mail: everything after the first blank line. */
const bodyOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n')

/** Decodes a quoted-printable body: soft line breaks out, `=XX` to its byte. */
const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/**
 * Resolves with `find()`'s first defined answer, asked now and again as each mail arrives; after
 * `timeoutMs` resolves with `onTimeout()` (which may throw instead).
 */
function whenFound<T>(
  arrivals: EventEmitter,
  find: () => T | undefined,
  timeoutMs: number,
  onTimeout: () => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = (answer: () => T) => {
      clearTimeout(timer)
      arrivals.off('mail', check)
      try {
        resolve(answer())
      } catch (error) {
        reject(error as Error)
      }
    }
    const check = () => {
      const found = find()
      if (found !== undefined) settle(() => found)
    }
    const timer = setTimeout(() => settle(onTimeout), timeoutMs)
    arrivals.on('mail', check)
    check()
  })
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const arrivals = new EventEmitter()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw })
        arrivals.emit('mail')
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const mailsTo = (to: string, after = 0) =>
    messages.slice(after).filter((m) => m.to.includes(to.toLowerCase()))
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    mailsTo,
    waitForCode(to, { timeoutMs = 10_000, after = 0 } = {}) {
      const codeIn = () => {
        // Read the bodies only: a header (a Message-ID, a date) can hold four digits after "code".
        // A notice (an account lock) may come between, so the newest mail that states a code wins.
        const bodies = mailsTo(to, after)
          .reverse()
          .map((m) => bodyOf(m.raw))
        return (
          bodies.map((b) => b.match(/code is:?\s*(\d{4})\b/i)?.[1]).find(Boolean) ??
          bodies.find((b) => !/locked/i.test(b))?.match(/\b(\d{4})\b/)?.[1]
        )
      }
      return whenFound(arrivals, codeIn, timeoutMs, () => {
        throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`)
      })
    },
    waitForMatches(to, pattern, count, { timeoutMs = 10_000, after = 0 } = {}) {
      const matches = () =>
        mailsTo(to, after)
          .map((m) => decodeQuotedPrintable(bodyOf(m.raw)).match(new RegExp(pattern.source))?.[1])
          .filter((match): match is string => match !== undefined)
      const enough = () => {
        const found = matches()
        return found.length >= count ? found : undefined
      }
      return whenFound(arrivals, enough, timeoutMs, matches)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
