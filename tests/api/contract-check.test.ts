// The answer check every API test runs under (tests/helpers/api-app.ts) can fail: an answer that
// does not match its route's schema becomes a 500 naming the route and the field.
import Fastify from 'fastify'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { checkAnswersAgainstContract } from '../helpers/api-app.ts'

async function appAnswering(body: unknown, status = 200) {
  const app = Fastify({ logger: false })
  checkAnswersAgainstContract(app)
  app.get(
    '/thing',
    {
      schema: {
        response: {
          200: Type.Object({ points: Type.Integer() }),
          '4xx': Type.Object({ code: Type.String() }),
        },
      },
    },
    async (_request, reply) => reply.code(status).send(body),
  )
  await app.ready()
  return app
}

describe('the contract check of every API test', () => {
  it('lets an answer that matches its schema through', async () => {
    const app = await appAnswering({ points: 1200 })
    const res = await app.inject({ method: 'GET', url: '/thing' })
    expect([res.statusCode, res.json()]).toEqual([200, { points: 1200 }])
    await app.close()
  })

  it('turns an answer with a wrong field into a 500 naming the route and the field', async () => {
    const app = await appAnswering({ points: '1200' })
    const res = await app.inject({ method: 'GET', url: '/thing' })
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toMatch(/GET \/thing 200 does not match its schema: \/points/)
    await app.close()
  })

  it('checks a refusal against its status class', async () => {
    const app = await appAnswering({ message: 'no' }, 404)
    const res = await app.inject({ method: 'GET', url: '/thing' })
    expect(res.statusCode).toBe(500)
    expect(res.body).toMatch(
      /GET \/thing 404 does not match its schema: +must have required properties code/,
    )
    await app.close()
  })
})
