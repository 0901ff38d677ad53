/** `GET /get-upi/`: the two UPI payees behind the QR codes (DECISIONS §2 `UPI_PAYEES`). */
import type { FastifyInstance } from 'fastify'

export default async function upiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/get-upi/', { preHandler: app.authenticate }, async () => ({
    data: {
      payees: app.config.upiPayees.map((p) => ({ upi_id: p.vpa, payee_name: p.name })),
      currency: 'INR',
    },
  }))
}
