/**
 * Sends the money notifications with the `web-push` library: each event becomes one encrypted
 * message (aes128gcm, RFC 8291) per device of the user, signed with the server's VAPID keys.
 * Sending starts after the money action's transaction has committed and runs in the background: it
 * never delays or fails the action; a failure is logged, and a 404 or 410 from the push service
 * (the subscription is gone) deletes that subscription.
 */
import type { Agent } from 'node:https'
import webpush, { WebPushError } from 'web-push'
import type { Db } from '../db/index.ts'
import type { MoneyEvent } from '../context.ts'
import { factsOf, moneyMessage } from './messages.ts'
import { deleteSubscriptionByEndpoint } from './subscriptions.ts'
import type { VapidKeys } from './vapid.ts'

/** How long a push service keeps an undelivered notification: one day, in seconds. */
const PUSH_TTL_SECONDS = 24 * 3600

export interface PushNotifier {
  /** The VAPID public key (base64url) the PWA subscribes with. */
  readonly publicKey: string
  /** Starts notifying the user of `event` in the background; never throws. */
  moneyMoved(event: MoneyEvent): void
  /** Resolves once every notification started so far has been sent or has failed. */
  idle(): Promise<void>
}

export interface NotifierOptions {
  db: Db
  keys: VapidKeys
  /** `mailto:` or `https:` contact sent to push services. */
  subject: string
  agent?: Agent
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
}

/** A notifier over `options.db`, sending with `options.keys`. */
export function createPushNotifier(options: NotifierOptions): PushNotifier {
  const running = new Set<Promise<void>>()
  const vapidDetails = { subject: options.subject, ...options.keys }

  async function send(event: MoneyEvent): Promise<void> {
    const subscriptions = await options.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth', 'lang'])
      .where('user_id', '=', event.userId)
      .execute()
    if (subscriptions.length === 0) return
    const facts = await factsOf(options.db, event)
    if (!facts) return
    await Promise.all(
      subscriptions.map(async (s) => {
        const payload = JSON.stringify(moneyMessage(facts, s.lang))
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            payload,
            {
              vapidDetails,
              TTL: PUSH_TTL_SECONDS,
              urgency: 'high',
              contentEncoding: 'aes128gcm',
              timeout: 10_000,
              agent: options.agent,
            },
          )
        } catch (error) {
          if (
            error instanceof WebPushError &&
            (error.statusCode === 404 || error.statusCode === 410)
          ) {
            await deleteSubscriptionByEndpoint(options.db, s.endpoint)
            return
          }
          options.log.warn(
            { err: error, event: event.kind, userId: event.userId },
            'push notification failed',
          )
        }
      }),
    )
  }

  return {
    publicKey: options.keys.publicKey,
    moneyMoved(event) {
      const task: Promise<void> = send(event)
        .catch((error: unknown) =>
          options.log.error({ err: error, event: event.kind }, 'push notification failed'),
        )
        .finally(() => running.delete(task))
      running.add(task)
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}
