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

/**
 * A signed-in screen's last frame (src/app/last-frame-recorder.ts keeps it, sw/sw.ts serves it):
 * the markup of #root as the app last drew that route, in one language, in one session.
 */
export interface LastFrame {
  /** The root's inner HTML, dialogs left out and saved-copy lines dated. */
  html: string
  /** `sessionMark` of the access token the screen was drawn under. */
  session: string
}

/** The Cache Storage cache the last frames are kept in (both the page and the worker open it). */
export const LAST_FRAMES_CACHE = 'last-frames'

/** The cache key of the last frame of `path` (pathname and search) in `locale`. */
export const lastFrameKey = (locale: 'en' | 'hi', path: string): string =>
  `/last-frame/${locale}${path}`

/**
 * A mark of the session a frame was drawn in: the access token's last 16 characters. The entry
 * script shows a frame only under the same token (src/lib/last-frame.ts).
 */
export const sessionMark = (token: string): string => token.slice(-16)

/** The app's module preloads in a page's head (one tag each, as the build writes them). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\n?/g

/**
 * `template` (the app shell of a signed-in route, with a one-line `<div id="root">`) with `frame`
 * in its root, marked `data-last-frame` with its session, in `locale`; `inert` while it has a
 * form, as a rendered page (src/app/route-guard.tsx lifts it). The head's module preloads move
 * into `<template id="app-preloads">`, which the entry script appends once the frame is painted
 * (src/boot.ts): compiled as they arrive, the app's modules would hold that first paint back.
 * @throws when `template` has no one-line root element.
 */
export function fillLastFrame(template: string, frame: LastFrame, locale: 'en' | 'hi'): string {
  if (!ROOT.test(template)) throw new Error('the page has no one-line <div id="root">')
  const inert = /<(input|textarea|select)\b/.test(frame.html) ? ' inert' : ''
  const session = frame.session.replace(/[^\w.-]/g, '')
  const preloads = (template.match(MODULE_PRELOAD) ?? []).map((tag) => tag.trim())
  const root = `<div id="root" data-last-frame data-session="${session}" data-lang="${locale}"${inert}>${frame.html}</div>`
  const later = preloads.length ? `<template id="app-preloads">${preloads.join('')}</template>` : ''
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(ROOT, (_all, indent: string) => indent + root + (later ? `\n${indent}${later}` : ''))
}
