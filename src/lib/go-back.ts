/**
 * "Go back one step" (docs/product.md#screens's header back buttons and Go Back), with a way out when there is no
 * step to go back to: a screen opened directly (a shared link, a home-screen start) goes to
 * `fallback` instead of doing nothing.
 */

/** Goes back in history, or to `fallback` (a path) when this page is the first of the tab. */
export function goBack(fallback = '/'): void {
  if (window.history.length > 1) window.history.back()
  else window.location.assign(fallback)
}
