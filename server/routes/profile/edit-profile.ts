/** `PATCH /edit-profile/` (docs/product.md#api: `/v1/edit-profile/` folded into `/api/v1`). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { profileRoutes as schemas } from '../../../contract/api/profile.ts'
import { updateProfile } from '../../profile/edit-profile.ts'

export default async function editProfileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.patch(
    '/edit-profile/',
    {
      onRequest: app.authenticate,
      schema: schemas.editProfile,
    },
    async (request) => {
      const data = await updateProfile(app.db, request.userId, request.body)
      return { message: 'Profile updated successfully!', data }
    },
  )
}
