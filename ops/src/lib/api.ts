/**
 * The console's HTTP client: JSON calls to `/api/v1/ops/…` with the console session token
 * (kept in sessionStorage: it dies with the tab, and lives 8 hours at most on the server).
 * Failures throw `OpsError` with the server's `{ message, code }`.
 */
import type { Operator } from '../../../contract/api/ops.ts'

const TOKEN_KEY = 'ops_token'

export class OpsError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly status: number,
  ) {
    super(message)
  }
}

export function savedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY)
}

export function saveToken(token: string | null): void {
  if (token) sessionStorage.setItem(TOKEN_KEY, token)
  else sessionStorage.removeItem(TOKEN_KEY)
}

/** A fresh Idempotency-Key: one per confirmed action, sent again only by that action's retry. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/**
 * Calls `path` under /api/v1/ops; returns the parsed JSON answer. A 401 forgets the token. An
 * action that moves money or rules sends its `idempotencyKey`, so the server applies it once
 * however often it arrives. A failure to reach the server throws OpsError code `NETWORK`.
 */
export async function opsCall<T>(
  path: string,
  init: { method?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const token = savedToken()
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey
  const res = await fetch(`/api/v1/ops${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).catch(() => {
    throw new OpsError('Could not reach the server.', 'NETWORK', 0)
  })
  if (res.status === 401 && token) {
    saveToken(null)
    window.dispatchEvent(new Event('ops-logout'))
  }
  const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string }
  if (!res.ok)
    throw new OpsError(data.message ?? `HTTP ${res.status}`, data.code ?? 'HTTP', res.status)
  return data as T
}

/** Downloads `path` (a CSV) with the session token and saves it as `filename`. */
export async function download(path: string, filename: string): Promise<void> {
  const res = await fetch(`/api/v1/ops${path}`, {
    headers: { authorization: `Bearer ${savedToken() ?? ''}` },
  })
  if (!res.ok) throw new OpsError(`Download failed (HTTP ${res.status})`, 'HTTP', res.status)
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.click()
  URL.revokeObjectURL(url)
}

/** Sends a CSV file as the raw body of a POST to `path`; returns the parsed answer. */
export async function uploadCsv<T>(path: string, file: File): Promise<T> {
  const res = await fetch(`/api/v1/ops${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${savedToken() ?? ''}`, 'content-type': 'text/csv' },
    body: await file.text(),
  })
  const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string }
  if (!res.ok)
    throw new OpsError(data.message ?? `HTTP ${res.status}`, data.code ?? 'HTTP', res.status)
  return data as T
}

export type { Operator }

/** A queue page: rows counted up to 200 (`total_capped`: more), the next page's cursor. */
export interface PageOf<T> {
  total: number
  total_capped: boolean
  next: string | null
  rows: T[]
}
