/** `GET /get-membership/`: every active membership plan, as an array (SPEC §3, §7). */
import type { FastifyInstance } from 'fastify'

export default async function planRoutes(app: FastifyInstance): Promise<void> {
  app.get('/get-membership/', { preHandler: app.authenticate }, async () =>
    app.db
      .selectFrom('membership_plans')
      .select(['id', 'membership_type', 'video_point', 'deposit_point', 'withdrawl_days'])
      // A plan an operator hid takes no new deposits (migration 006, issue 17).
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
  )
}
