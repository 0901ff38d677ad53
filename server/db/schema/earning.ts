/** Earning-loop tables (migration 002): plans, videos, ledger, orders, withdrawals, idempotency keys. */

/** The tables of migration 002. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EarningTables {}
