/** Starts the product: the API and the built PWA on one port (DECISIONS §1–2). */
import { buildApp } from './app.ts'

const app = await buildApp()
const close = async () => {
  await app.close()
  process.exit(0)
}
process.on('SIGINT', close)
process.on('SIGTERM', close)
await app.listen({ port: app.config.port, host: '0.0.0.0' })
