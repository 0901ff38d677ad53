/**
 * The console's file routes (docs/product.md#operators): the bulk-payout CSV export, the import of the bank's
 * payout result file, and the bank statement import (confirming open orders by UTR), reachable here
 * too. A file is the request's raw body (text/csv), up to 5 MB.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { opsFileRoutes as schemas } from '../../../contract/api/ops-files.ts'
import { appContext } from '../../context.ts'
import { exportPayouts, importPayoutResults } from '../../ops/payouts.ts'
import { importStatement } from '../../ops/statement-import.ts'
import { badRequest } from '../../lib/errors.ts'
import { actorOf, operatorGuard } from './guard.ts'

/** Up to 5 MB of CSV, sent as the raw body (`Content-Type: text/csv` or `text/plain`). */
const FILE_LIMIT = 5 * 1024 * 1024
const FILE_BODY = { bodyLimit: FILE_LIMIT } as const

/** The raw CSV of a request; 400 VALIDATION when the body is not text. */
function csvOf(body: unknown): string {
  if (typeof body !== 'string' || !body.trim()) {
    throw badRequest('VALIDATION', 'Send the file as the body, with Content-Type text/csv.')
  }
  return body
}

export default async function opsPayoutRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const ctx = appContext(app)
  const guard = operatorGuard(app)
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: FILE_LIMIT },
    (_request, body, done) => done(null, body),
  )

  app.get(
    '/ops/payouts.csv',
    { onRequest: guard.read, schema: schemas.payoutsCsv },
    async (request, reply) => {
      const { csv } = await exportPayouts(ctx, actorOf(request))
      const day = ctx.now().toISOString().slice(0, 10)
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="payouts-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv)
    },
  )

  app.post(
    '/ops/payouts/import',
    { onRequest: guard.write, schema: schemas.payoutImport, ...FILE_BODY },
    async (request) => ({
      rows: await importPayoutResults(ctx, actorOf(request), csvOf(request.body)),
    }),
  )

  app.post(
    '/ops/statement-import',
    { onRequest: guard.write, schema: schemas.statementImport, ...FILE_BODY },
    async (request) => {
      // Each confirmation writes its audit row in its own transaction (confirmOrderAsOperator).
      const outcomes = await importStatement(ctx, csvOf(request.body), actorOf(request))
      return { rows: outcomes }
    },
  )
}
