/** `GET /our-partners/` (SPEC §7, no token): the partners from seed data, logos under /partners/. */
import type { FastifyInstance } from 'fastify'
import { listPartners } from '../../profile/partners.ts'

export default async function partnersRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/our-partners/',
    {
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'logo', 'link'],
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                logo: { type: 'string' },
                link: { type: 'string' },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300')
      return listPartners(app.db)
    },
  )
}
