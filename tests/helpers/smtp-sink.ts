/**
 * A real SMTP server (the `smtp-server` package) on a random local port, keeping every message it
 * receives, so tests read OTP codes from real mail.
 */
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
  /** Waits for the next mail to `to` after `since` messages and returns the 4-digit code in it. */
  waitForCode(to: string, options?: { timeoutMs?: number; after?: number }): Promise<string>
  /**
   * Waits until `count` mails to `to` after `after` messages have a body (quoted-printable
   * decoded) matching `pattern`, and returns each one's first capture group, oldest first.
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

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    async waitForCode(to, { timeoutMs = 10_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs
      const target = to.toLowerCase()
      while (Date.now() < deadline) {
        // Read the bodies only: a header (a Message-ID, a date) can hold four digits after "code".
        // A notice (an account lock) may come between, so the newest mail that states a code wins.
        const bodies = messages
          .slice(after)
          .reverse()
          .filter((m) => m.to.includes(target))
          .map((m) => bodyOf(m.raw))
        const found =
          bodies.map((b) => b.match(/code is:?\s*(\d{4})\b/i)?.[1]).find(Boolean) ??
          bodies.find((b) => !/locked/i.test(b))?.match(/\b(\d{4})\b/)?.[1]
        if (found) return found
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`)
    },
    async waitForMatches(to, pattern, count, { timeoutMs = 10_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs
      const target = to.toLowerCase()
      for (;;) {
        const found = messages
          .slice(after)
          .filter((m) => m.to.includes(target))
          .map((m) => decodeQuotedPrintable(bodyOf(m.raw)).match(new RegExp(pattern.source))?.[1])
          .filter((match): match is string => match !== undefined)
        if (found.length >= count || Date.now() > deadline) return found
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
