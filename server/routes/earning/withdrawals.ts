/**
 * `POST /add-withdraw/`: a withdrawal request, idempotent by the required Idempotency-Key
 * (docs/product.md#rules, #api); to a UPI ID the account never withdrew to, only with the account's PIN
 * (server/earning/payees.ts). `GET /withdrawal-status/`: the user's progress on every withdrawal
 * condition, the payout days and the days to the minimum balance (docs/product.md#transparency).
 */
import { signalOf } from '../../risk/signals.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'
import { appContext } from '../../context.ts'
import { readIdempotencyKey } from '../../earning/idempotency-keys.ts'
import { requestWithdrawalOnce } from '../../earning/withdrawals.ts'
import { allowPayee } from '../../accounts/pin-confirm.ts'
import { withdrawalStatusFor } from '../../earning/withdrawal-status.ts'

export default async function withdrawalRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  app.post(
    '/add-withdraw/',
    {
      schema: schemas.addWithdraw,
      config: { idempotencyKey: 'required' },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key'], true)
      const { pin, ...body } = request.body
      const signal = signalOf(request)
      // A new payee's PIN is checked before the withdrawal's transaction (a wrong one stays
      // counted), and is never part of the stored request: a replay of the same withdrawal finds
      // the payee known and needs no PIN.
      await allowPayee(ctx, request.userId, body.upi_id, pin, signal.address)
      const answer = await requestWithdrawalOnce(ctx, {
        userId: request.userId,
        key,
        body,
        signal,
        note: request.replayNote,
      })
      return reply.status(answer.status).send(answer.body)
    },
  )

  app.get(
    '/withdrawal-status/',
    { schema: schemas.withdrawalStatus, onRequest: app.authenticate },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return { data: await withdrawalStatusFor(app.db, ctx.rules, request.userId) }
    },
  )
}
