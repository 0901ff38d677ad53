/** Profile tables (migration 003): bank details, IFSC cache, partners. */

/** The tables of migration 003. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProfileTables {}
