/**
 * The HTML around a rendered page (the server-side render of src/entry-server.tsx, declared in
 * contract/page-render.d.ts): what the build writes into `pages/<route>.html` and what the server
 * writes again per request with the rules it serves. Pure string work, used by the build and the
 * server alike, so a page has one shape.
 */
import type { Rules } from './rules.ts'
import type { ConfigAnswer } from './api/system.ts'

/** The served rules a page is rendered with; the client hydrates with the same (`page-config`). */
export interface PageConfig {
  rules: Rules
  paymentProvider: ConfigAnswer['payment_provider']
}

/** One page as React's server renderer draws it. */
export interface RenderedPage {
  /** The resource preloads React emits ahead of the markup (`<link …/>` tags), for the head. */
  head: string
  /** The markup of #root, exactly as the client's first render draws it (hydrated unchanged). */
  html: string
}

/** The page's root element and its config, one line each (the build writes them so). */
const ROOT = /^(\s*)<div id="root"[^>]*>.*<\/div>$/m
const CONFIG = /^(\s*)<script type="application\/json" id="page-config">.*<\/script>$/m

/** `config` as JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
function configJson(config: PageConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c')
}

/**
 * `template` (a page of the build, with a one-line `<div id="root">`) with `page` in its root,
 * marked `data-rendered` in `locale`, and `config` in its `page-config` element (added after the
 * root when missing). `inert` while it has a form: nothing is typed into fields React has not
 * taken over yet (src/app/route-guard.tsx lifts it).
 * @throws when `template` has no one-line root element.
 */
export function fillPage(
  template: string,
  page: RenderedPage,
  locale: 'en' | 'hi',
  config: PageConfig,
): string {
  if (!ROOT.test(template)) throw new Error('the page has no one-line <div id="root">')
  const inert = /<(input|textarea|select)\b/.test(page.html) ? ' inert' : ''
  const script = `<script type="application/json" id="page-config">${configJson(config)}</script>`
  const root = `<div id="root" data-rendered data-lang="${locale}"${inert}>${page.html}</div>`
  const filled = template.replace(ROOT, (_all, indent: string) => indent + root)
  return CONFIG.test(filled)
    ? filled.replace(CONFIG, (_all, indent: string) => indent + script)
    : filled.replace(ROOT, (line) => `${line}\n${/^\s*/.exec(line)?.[0] ?? ''}${script}`)
}

/** Splits React's leading `<link …/>` preloads (which belong in the head) from the markup. */
export function splitPreloads(markup: string): RenderedPage {
  const head = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? ''
  return { head, html: markup.slice(head.length) }
}
