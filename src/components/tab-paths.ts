/**
 * The logged-in app's bottom tabs' paths, in the bar's order: docs/product.md#screens's
 * /dashboard, /wallet, /referandearn and /profile. Free of imports, so the build
 * (scripts/build/pages.ts) names the bar's code in those screens' app shells.
 */
export const TAB_PATHS = ['/dashboard', '/wallet', '/referandearn', '/profile'] as const
