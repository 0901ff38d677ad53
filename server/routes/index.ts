/** The API's routes under `/api/v1` (docs/product.md#api), grouped by domain. */
import type { FastifyInstance } from 'fastify'
import accountRoutes from './accounts/index.ts'
import earningRoutes from './earning/index.ts'
import profileRoutes from './profile/index.ts'
import systemRoutes from './system.ts'
import opsRoutes from './ops/index.ts'
import pushRoutes from './push/index.ts'
import suspension from '../plugins/suspension.ts'

export default async function routes(app: FastifyInstance): Promise<void> {
  // Before the routes: its hook must cover add-reward and add-withdraw.
  await app.register(suspension)
  await app.register(systemRoutes)
  await app.register(accountRoutes)
  await app.register(earningRoutes)
  await app.register(profileRoutes)
  await app.register(opsRoutes)
  await app.register(pushRoutes)
}
