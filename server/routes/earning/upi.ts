/** `GET /get-upi/`: the two UPI payees behind the QR codes (docs/product.md#configuration `UPI_PAYEES`). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { earningRoutes as schemas } from '../../../contract/api/earning.ts'

export default async function upiRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  app.get('/get-upi/', { schema: schemas.getUpi, onRequest: app.authenticate }, async () => ({
    data: {
      payees: app.config.upiPayees.map((p) => ({ upi_id: p.vpa, payee_name: p.name })),
      currency: 'INR' as const,
    },
  }))
}
