import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'
import { createTestUser } from '../helpers/users.ts'
import { freshEmail, freshPhone } from './accounts-helpers.ts'

/** A local port nothing listens on: a server is opened on a random port, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const port = await closedPort()

describe.each(ENGINES)('account API when mail cannot be sent, on %s', (engine) => {
  const api = withApi(engine, { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` })
  const MAIL_FAILED = {
    code: 'MAIL_FAILED',
    message: 'We could not send the code to your email. Please try again.',
  }

  it('answers 503 MAIL_FAILED on registration and leaves no account behind', async () => {
    const email = freshEmail()
    const phone = freshPhone()
    const res = await api.call('POST', '/api/v1/user/registration/', {
      body: { first_name: 'Mail Less', phone_number: phone, email, password: '1234' },
    })
    expect(res).toEqual({ status: 503, body: MAIL_FAILED })
    const row = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', phone)
      .executeTakeFirst()
    expect(row).toBeUndefined()
  })

  it('answers forgot-password as always when the mail fails, and keeps no code, so a retry is not blocked', async () => {
    // The mail goes out after the answer (docs/product.md#security): its failure is logged, never answered.
    const user = await createTestUser(api.app)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await api.call('POST', '/api/v1/forgot-password/', {
        body: { email_id: user.email },
      })
      expect(res).toEqual({ status: 200, body: { message: 'Otp sent to your email.' } })
      await api.app.background.drain()
      const codes = await api.app.db
        .selectFrom('otp_codes')
        .select('id')
        .where('user_id', '=', user.id)
        .execute()
      expect(codes).toHaveLength(0)
    }
  })
})
