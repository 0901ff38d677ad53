/**
 * The kinds of item the outbox carries: the outbox knows items, keys and retries; each feature
 * defines what its kind of item is (where it is sent, the shapes of its body and answer) and how
 * its result is shown when it ends in the background, with no screen awaiting it.
 */
import type { OutboxError, OutboxItem } from './outbox-types'
import { apiErrorText } from '../api-error-text'
import { t } from '@/i18n/i18n'

/**
 * One kind of queued request. `Body` is what is POSTed, `Answer` the server's 2xx body (not
 * validated here: the server's contract gives it).
 */
export interface OutboxKind<Body extends Record<string, unknown>, Answer> {
  /** Stored on each item (`OutboxItem.kind`), so items keep their kind across reloads. */
  name: string
  /** Where it is POSTed, relative to /api/v1/ (e.g. 'add-reward/'). */
  path: string
  /** An item reached the server in the background (after a retry or from another page load). */
  onDone?(answer: Answer | null, item: OutboxItem): void
  /** An item was refused for good in the background; it stays as failed until dismissed. */
  onFinal?(error: OutboxError, item: OutboxItem): void
  /** Why an item was refused, in words for a toast or the wallet. */
  describeError(error: OutboxError | null): string
  /** Type-only marker of the body's shape (never set). */
  readonly body?: Body
}

/** Any kind, whatever its shapes (the registry holds them all). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOutboxKind = OutboxKind<any, any>

const kinds = new Map<string, AnyOutboxKind>()

/** Defines a kind with its shapes checked; registered when first used or at the outbox's start. */
export function defineOutboxKind<Body extends Record<string, unknown>, Answer>(
  kind: OutboxKind<Body, Answer>,
): OutboxKind<Body, Answer> {
  return kind
}

/** Makes kinds known to the outbox, so their items' results are shown (idempotent). */
export function registerOutboxKinds(list: readonly AnyOutboxKind[]): void {
  for (const kind of list) kinds.set(kind.name, kind)
}

/** The kind of `name`, if a feature registered it. */
export function outboxKind(name: string): AnyOutboxKind | undefined {
  return kinds.get(name)
}

/**
 * Why an item ended, in words: its kind's description, or the server's message when the kind is
 * not (yet) registered.
 */
export function describeOutboxError(item: Pick<OutboxItem, 'kind' | 'lastError'>): string {
  const kind = kinds.get(item.kind)
  if (kind) return kind.describeError(item.lastError)
  return apiErrorText(item.lastError) || t('The request was refused.')
}
