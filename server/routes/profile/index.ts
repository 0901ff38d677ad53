/** The profile routes. */
import type { FastifyInstance } from 'fastify'

export default async function profileRoutes(_app: FastifyInstance): Promise<void> {}
