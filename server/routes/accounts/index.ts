/** The accounts routes. */
import type { FastifyInstance } from 'fastify'

export default async function accountsRoutes(_app: FastifyInstance): Promise<void> {}
