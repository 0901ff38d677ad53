/** `GET /get-membership/`: every membership plan, as an array (SPEC §3, §7). */
import type { FastifyInstance } from 'fastify'

export default async function planRoutes(app: FastifyInstance): Promise<void> {
  app.get('/get-membership/', { preHandler: app.authenticate }, async () =>
    app.db
      .selectFrom('membership_plans')
      .select(['id', 'membership_type', 'video_point', 'deposit_point', 'withdrawl_days'])
      .orderBy('id')
      .execute(),
  )
}
