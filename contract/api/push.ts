/**
 * The Web Push routes' contract, all behind the user's token: the server's VAPID public key, and
 * saving or removing this device's subscription. The endpoint's host and the keys are checked by
 * server/push/subscriptions.ts (400 VALIDATION naming the field).
 */
import { Type, type Static } from 'typebox'
import { MessageOnly, bearerAuth, errorResponses } from './common'

const tags = ['push']

/** A PushSubscription as the browser gives it, and the language its notifications are in. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String(),
  keys: Type.Object({ p256dh: Type.String(), auth: Type.String() }),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
})
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>

export const PushEndpointBody = Type.Object({ endpoint: Type.String() })

/** `GET /push/vapid-public-key`: the base64url key `pushManager.subscribe` takes. */
export const VapidPublicKey = Type.Object({ public_key: Type.String() })
export type VapidPublicKey = Static<typeof VapidPublicKey>

/** `DELETE /push/subscriptions`: `deleted` is 1, or 0 when there was no subscription there. */
export const PushUnsubscribed = Type.Object({ message: Type.String(), deleted: Type.Integer() })
export type PushUnsubscribed = Static<typeof PushUnsubscribed>

/** Route schemas, by route. */
export const pushRoutes = {
  vapidPublicKey: {
    tags,
    summary: "The server's VAPID public key",
    security: bearerAuth,
    response: { 200: VapidPublicKey, ...errorResponses },
  },
  subscribe: {
    tags,
    summary: "Save this device's push subscription for the user",
    security: bearerAuth,
    body: PushSubscriptionBody,
    response: { 200: MessageOnly, ...errorResponses },
  },
  unsubscribe: {
    tags,
    summary: "Remove the user's subscription at an endpoint",
    security: bearerAuth,
    body: PushEndpointBody,
    response: { 200: PushUnsubscribed, ...errorResponses },
  },
} as const
