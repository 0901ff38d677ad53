/**
 * Outgoing mail through nodemailer (docs/product.md#configuration): SMTP_URL when set, else every mail (OTP codes
 * included) is printed to the server log so a newcomer can still sign up.
 */
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { Logger } from '../lib/logger.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server refuses it. */
  send(mail: Mail): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * A mailer over SMTP at `smtpUrl` (a nodemailer URL) sending from `mailFrom`; without `smtpUrl`,
 * each mail is written to `log` at info level. `close()` ends the SMTP connections.
 */
export function createMailer(
  options: { smtpUrl?: string; mailFrom: string },
  log: Pick<Logger, 'info'>,
): Mailer & { close(): void } {
  const { smtpUrl, mailFrom } = options
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  return {
    async send(mail) {
      if (!transport) {
        log.info({ mail }, `MAIL to ${mail.to}: ${mail.subject}\n${mail.text}`)
        return
      }
      await transport.sendMail({ from: mailFrom, ...mail })
    },
    close: () => transport?.close(),
  }
}

export default fp(async (app) => {
  const mailer = createMailer(app.config, app.log)
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())
})
