/**
 * IFSC lookup (docs/product.md#validation, #api, #configuration): asks the IFSC service (`GET {ifscApiUrl}/{IFSC}`, the
 * Razorpay service by default), keeps its answers in `ifsc_cache`, and when the service cannot be
 * reached falls back to a stale cached answer, then to the bank list bundled with `ifsc`.
 */
import type { Db } from '../db/index.ts'
import { nowIso } from '../db/index.ts'
import { badRequest, notFound } from '../lib/errors.ts'
import { checkIfsc } from '../../contract/validation.ts'
import { bundledBankName } from './bundled-banks.ts'
import type { IfscAnswer } from '../../contract/api/profile.ts'

export interface IfscLookupOptions {
  /** Base URL of the IFSC service, without the code (AppConfig.ifscApiUrl). */
  serviceUrl: string
  /** How long to wait for the service, in milliseconds (default 5000). */
  timeoutMs?: number
  /** How long a cached answer is used without asking the service again, in ms (default 30 days). */
  cacheTtlMs?: number
  /** Where to report that the service could not be reached. */
  log?: { warn(details: object, message: string): void }
}

const IFSC_NOT_FOUND_MESSAGE = 'Invalid IFSC code or bank details not found.'

const DEFAULT_TIMEOUT_MS = 5000
const DEFAULT_CACHE_TTL_MS = 30 * 86_400_000

/** The service's answer was read: found (with its JSON) or not found (404). */
type ServiceResult = { found: true; bank: string; branch: string; raw: string } | { found: false }

/** Asks the service; returns null when it cannot be reached or answers something unusable. */
async function askService(code: string, options: IfscLookupOptions): Promise<ServiceResult | null> {
  const url = `${options.serviceUrl.replace(/\/+$/, '')}/${code}`
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    })
    if (response.status === 404) {
      await response.body?.cancel()
      return { found: false }
    }
    if (!response.ok) throw new Error(`IFSC service answered ${response.status}`)
    const raw = await response.text()
    const body = JSON.parse(raw) as { BANK?: unknown; BRANCH?: unknown }
    if (typeof body.BANK !== 'string' || !body.BANK) throw new Error('IFSC answer without BANK')
    return {
      found: true,
      bank: body.BANK,
      branch: typeof body.BRANCH === 'string' ? body.BRANCH : '',
      raw,
    }
  } catch (error) {
    options.log?.warn({ err: error, url }, 'IFSC service unreachable; using the fallback')
    return null
  }
}

/**
 * Resolves an IFSC (case-insensitive) to its bank and branch.
 * Order: a fresh cached answer; the service (a 200 is cached, a 404 means not found); when the
 * service cannot be reached (timeout, network error, 5xx, bad JSON), a stale cached answer, then
 * the bundled bank name with BRANCH ''.
 * @throws ApiError 400 VALIDATION 'Invalid IFSC code format' for a malformed code.
 * @throws ApiError 404 IFSC_NOT_FOUND when the service, or without it the bundled data, knows no such code.
 */
export async function lookupIfsc(
  db: Db,
  input: string,
  options: IfscLookupOptions,
): Promise<IfscAnswer> {
  const code = input.trim().toUpperCase()
  const formatError = checkIfsc(code)
  if (formatError) throw badRequest('VALIDATION', formatError)

  const cached = await db
    .selectFrom('ifsc_cache')
    .selectAll()
    .where('ifsc', '=', code)
    .executeTakeFirst()
  const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS
  if (cached && Date.parse(cached.fetched_at) > Date.now() - ttl) {
    return { IFSC: code, BANK: cached.bank, BRANCH: cached.branch, source: 'cache' }
  }

  const result = await askService(code, options)
  if (result?.found === false) {
    await db.deleteFrom('ifsc_cache').where('ifsc', '=', code).execute()
    throw notFound('IFSC_NOT_FOUND', IFSC_NOT_FOUND_MESSAGE)
  }
  if (result) {
    const row = {
      ifsc: code,
      bank: result.bank,
      branch: result.branch,
      raw: result.raw,
      fetched_at: nowIso(),
    }
    await db
      .insertInto('ifsc_cache')
      .values(row)
      .onConflict((oc) =>
        oc.column('ifsc').doUpdateSet({
          bank: row.bank,
          branch: row.branch,
          raw: row.raw,
          fetched_at: row.fetched_at,
        }),
      )
      .execute()
    return { IFSC: code, BANK: result.bank, BRANCH: result.branch, source: 'service' }
  }

  if (cached) return { IFSC: code, BANK: cached.bank, BRANCH: cached.branch, source: 'cache' }
  const bank = bundledBankName(code)
  if (!bank) throw notFound('IFSC_NOT_FOUND', IFSC_NOT_FOUND_MESSAGE)
  return { IFSC: code, BANK: bank, BRANCH: '', source: 'bundled' }
}
