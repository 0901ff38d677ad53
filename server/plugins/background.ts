/**
 * Work that runs after the answer has gone out (docs/product.md#security: forgot-password mails its code after
 * answering, so every address is answered alike and at once). `request.afterResponse(task)` queues
 * a task that starts once the response is sent; `app.background.run(task)` starts one now without
 * holding the request. A task's failure is logged, never answered. Closing the app waits for the
 * running tasks, so a test or a shutdown does not cut a mail off halfway.
 */
import fp from 'fastify-plugin'
import type { Logger } from '../lib/logger.ts'

export type BackgroundTask = () => Promise<unknown>

export interface BackgroundTasks {
  /** Starts `task` now; `label` names it in the error log if it fails. */
  run(label: string, task: BackgroundTask): void
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks
  }
  interface FastifyRequest {
    /** Queues `task` to start after this request's response has been sent. */
    afterResponse(label: string, task: BackgroundTask): void
    /** The queued tasks (internal; null until one is queued). */
    deferredTasks: Array<[string, BackgroundTask]> | null
  }
}

/** A task runner whose tasks are tracked until they settle; failures go to `log`. */
export function backgroundTasks(log: Pick<Logger, 'error'>): BackgroundTasks {
  const running = new Set<Promise<unknown>>()
  return {
    run(label, task) {
      const promise: Promise<unknown> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `background task failed: ${label}`))
        .finally(() => running.delete(promise))
      running.add(promise)
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}

export default fp(async (app) => {
  const tasks = backgroundTasks(app.log)
  app.decorate('background', tasks)
  app.decorateRequest('deferredTasks', null)
  app.decorateRequest('afterResponse', function (label: string, task: BackgroundTask) {
    this.deferredTasks ??= []
    this.deferredTasks.push([label, task])
  })
  app.addHook('onResponse', async (request) => {
    if (!request.deferredTasks) return
    for (const [label, task] of request.deferredTasks) tasks.run(label, task)
    request.deferredTasks = null
  })
  app.addHook('onClose', async () => tasks.drain())
})
