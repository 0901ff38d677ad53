/** The earning routes (contract-earning): plans, videos and rewards, orders, UPI, withdrawals, wallet, webhook. */
import type { FastifyInstance } from 'fastify'
import planRoutes from './plans.ts'
import videoRoutes from './videos.ts'
import orderRoutes from './orders.ts'
import upiRoutes from './upi.ts'
import withdrawalRoutes from './withdrawals.ts'
import walletRoutes from './wallet.ts'
import webhookRoutes from './webhook.ts'

export default async function earningRoutes(app: FastifyInstance): Promise<void> {
  await app.register(planRoutes)
  await app.register(videoRoutes)
  await app.register(orderRoutes)
  await app.register(upiRoutes)
  await app.register(withdrawalRoutes)
  await app.register(walletRoutes)
  await app.register(webhookRoutes)
}
