/**
 * Serves the operators' console page at `/ops/` (docs/product.md#operators): the built `dist/ops/index.html`
 * (vite.ops.config.ts); its hashed files under `/ops/assets/` are served by the static plugin like
 * the PWA's. Without that build it answers 404 `OPS_NOT_BUILT`.
 */
import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'

export default fp(async (app) => {
  const file = app.config.staticDir ? path.resolve(app.config.staticDir, 'ops', 'index.html') : null
  app.get('/ops/', async (_request, reply) => {
    if (!file || !fs.existsSync(file)) {
      return reply
        .status(404)
        .send({ message: 'The console is not built: run npm run build.', code: 'OPS_NOT_BUILT' })
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(file))
  })
})
