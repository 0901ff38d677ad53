/** The earning routes. */
import type { FastifyInstance } from 'fastify'

export default async function earningRoutes(_app: FastifyInstance): Promise<void> {}
