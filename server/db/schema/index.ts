/** The whole database shape for Kysely: one interface per migration's tables. */
import type { AccountTables } from './accounts.ts'
import type { EarningTables } from './earning.ts'
import type { ProfileTables } from './profile.ts'
import type { OpsTables } from './ops.ts'
import type { PushTables } from './push.ts'
import type { RiskTables } from './risk.ts'

export type * from './accounts.ts'
export type * from './earning.ts'
export type * from './profile.ts'
export type * from './ops.ts'
export type * from './push.ts'
export type * from './risk.ts'

export interface Database
  extends AccountTables, EarningTables, ProfileTables, OpsTables, PushTables, RiskTables {}
