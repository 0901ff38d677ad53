/**
 * Profile tables (migration 003): a user's bank details, the cache of IFSC service answers, and
 * the partners shown on the landing page (docs/product.md#api). Timestamps are ISO-8601 UTC text.
 */
import type { Generated } from 'kysely'

export interface BankDetailsTable {
  id: Generated<number>
  /** One row per user (unique): saving again replaces it. */
  user_id: number
  /** Digits only, at most 16 (docs/product.md#validation). */
  account_number: string
  /** Uppercased, four letters, 0, six letters or digits (docs/product.md#validation). */
  ifsc: string
  /** Uppercased (docs/product.md#validation). */
  holder_name: string
  /** The bank's name as the IFSC lookup resolved it when saved. */
  bank: string
  /** The branch as the IFSC lookup resolved it; '' when only the bundled bank list answered. */
  branch: string
  updated_at: string
}

export interface IfscCacheTable {
  /** The IFSC, uppercased. */
  ifsc: string
  bank: string
  branch: string
  /** The IFSC service's whole JSON answer, as text. */
  raw: string
  fetched_at: string
}

export interface PartnersTable {
  id: Generated<number>
  /** Unique, so seeding twice inserts nothing twice. */
  name: string
  /** Path of the logo under the PWA's origin, e.g. `/partners/kisan-mart.webp`. */
  logo: string
  link: string
  /** Display order, ascending. */
  position: number
}

/** The tables of migration 003. */
export interface ProfileTables {
  bank_details: BankDetailsTable
  ifsc_cache: IfscCacheTable
  partners: PartnersTable
}
