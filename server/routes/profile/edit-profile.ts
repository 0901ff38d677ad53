/** `PATCH /edit-profile/` (SPEC §7, DECISIONS §6: `/v1/edit-profile/` folded into `/api/v1`). */
import type { FastifyInstance } from 'fastify'
import { updateProfile, type ProfileFields } from '../../profile/edit-profile.ts'
import { looseString } from './schemas.ts'

export default async function editProfileRoutes(app: FastifyInstance): Promise<void> {
  app.patch<{ Body: Partial<ProfileFields> }>(
    '/edit-profile/',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          properties: { first_name: looseString, phone_number: looseString },
        },
        response: {
          200: {
            type: 'object',
            required: ['message', 'data'],
            properties: {
              message: { type: 'string' },
              data: {
                type: 'object',
                required: ['first_name', 'phone_number'],
                properties: { first_name: { type: 'string' }, phone_number: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const data = await updateProfile(app.db, request.userId, request.body ?? {})
      return { message: 'Profile updated successfully!', data }
    },
  )
}
