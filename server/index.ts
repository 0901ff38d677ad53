/** Starts the product: the API and the built PWA on one port (docs/product.md#system, #configuration). */
import { startServer } from './start.ts'

await startServer()
