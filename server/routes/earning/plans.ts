/** `GET /get-membership/`: every active membership plan, as an array (SPEC §3, §7). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../src/shared/contract/earning.ts'

export default async function planRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/get-membership/',
    { schema: schemas.getMembership, onRequest: app.authenticate },
    async () =>
      app.db
        .selectFrom('membership_plans')
        .select(['id', 'membership_type', 'video_point', 'deposit_point', 'withdrawl_days'])
        // A plan an operator hid takes no new deposits (migration 006, issue 17).
        .where('active', '=', 1)
        .orderBy('id')
        .execute(),
  )
}
