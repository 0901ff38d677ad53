/**
 * A location's path as the route table (src/app/routes.tsx) spells it: without a trailing slash,
 * except the root. '/dashboard/' → '/dashboard', '/' → '/'. No imports: the entry script uses it.
 */
export function routePath(pathname: string): string {
  return pathname.replace(/(.)\/$/, '$1')
}
