/** Starts the product: the API and the built PWA on one port (DECISIONS §1–2). */
import { startServer } from './start.ts'

await startServer()
