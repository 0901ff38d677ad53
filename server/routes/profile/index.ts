/**
 * The profile routes: profile editing, bank details, the IFSC lookup, and
 * the partners list. All but `GET /our-partners/` need a token.
 */
import type { FastifyInstance } from 'fastify'
import editProfileRoutes from './edit-profile.ts'
import bankDetailsRoutes from './bank-details.ts'
import ifscRoutes from './ifsc.ts'
import partnersRoutes from './our-partners.ts'

export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(editProfileRoutes)
  await app.register(bankDetailsRoutes)
  await app.register(ifscRoutes)
  await app.register(partnersRoutes)
}
