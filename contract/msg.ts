/**
 * Marks a message for the catalog without translating it yet, for tables built at module load
 * (route titles, the page's title in the build): translate the value with `t()` where it is
 * shown. Kept apart from the runtime (and in contract, whose input checks use it) so the build config
 * can import such tables.
 */
export function msg<T extends string>(message: T): T {
  return message
}
