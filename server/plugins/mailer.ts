/**
 * Outgoing mail through nodemailer (DECISIONS §2): SMTP_URL when set, else every mail (OTP codes
 * included) is printed to the server log so a newcomer can still sign up.
 */
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'

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

export default fp(async (app) => {
  const { smtpUrl, mailFrom } = app.config
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  const mailer: Mailer = {
    async send(mail) {
      if (!transport) {
        app.log.info({ mail }, `MAIL to ${mail.to}: ${mail.subject}\n${mail.text}`)
        return
      }
      await transport.sendMail({ from: mailFrom, ...mail })
    },
  }
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => transport?.close())
})
