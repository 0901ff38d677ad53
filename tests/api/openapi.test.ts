// The OpenAPI documents: generated from the routes' schemas, /api/v1/openapi.json lists every route
// Fastify serves under /api/v1 (the console's included) with its request and success schemas, its
// auth and its Idempotency-Key header, and the operators' console's (/api/v1/ops/openapi.json)
// every route under /api/v1/ops/ likewise; the reference page loads under the app's CSP.
import { describe, expect, it } from 'vitest'
import { ENGINES } from '../helpers/databases.ts'
import { withApi } from '../helpers/api-app.ts'

interface Operation {
  requestBody?: { content?: Record<string, { schema?: object }> }
  parameters?: { in: string; name: string; required?: boolean; schema?: object }[]
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
  security?: Record<string, string[]>[]
}
type Paths = Record<string, Record<string, Operation>>

/** POST routes whose whole request is the token: they take no body. */
const BODYLESS = new Set(['POST /api/v1/logout', 'POST /api/v1/ops/logout'])
/** The two documents: where each is served, which served routes it covers, its token's scheme. */
const DOCUMENTS = [
  {
    name: 'product',
    path: '/api/v1/openapi.json',
    covers: (route: string) => route.includes(' /api/v1/'),
    schemes: ['bearerAuth', 'opsBearerAuth'],
    atLeast: 45,
  },
  {
    name: 'console',
    path: '/api/v1/ops/openapi.json',
    covers: (route: string) => route.includes(' /api/v1/ops/'),
    schemes: ['opsBearerAuth'],
    atLeast: 20,
  },
] as const
type DocumentSpec = (typeof DOCUMENTS)[number]
/** Status 417 is this API's "account created, verify the email" success (contract-accounts). */
const isSuccess = (status: string) => /^2\d\d$/.test(status) || status === '417'

/**
 * Every `METHOD /path` Fastify serves, from its route tree (`printRoutes`): each line is a path
 * segment under its parent at one indent level of 4 characters, with its methods in brackets.
 */
function servedRoutes(tree: string): string[] {
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + match[2]!
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`)
    }
  }
  return routes
}

describe.each(ENGINES)('the OpenAPI document on %s', (engine) => {
  const api = withApi(engine)

  async function documentPaths(spec: DocumentSpec = DOCUMENTS[0]): Promise<Paths> {
    const res = await api.app.inject(spec.path)
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.components.securitySchemes)).toEqual(spec.schemes)
    for (const scheme of spec.schemes) {
      expect(doc.components.securitySchemes[scheme]).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      })
    }
    return doc.paths
  }

  it.each(DOCUMENTS)(
    'the $name document lists every route it covers with its request schema and a success response schema, and no other',
    async (spec) => {
      const paths = await documentPaths(spec)
      const covered = servedRoutes(api.app.printRoutes({ commonPrefix: false })).filter(
        (route) => spec.covers(route) && !DOCUMENTS.some((d) => route.endsWith(` ${d.path}`)),
      )
      expect(covered.length).toBeGreaterThan(spec.atLeast)
      expect(Object.keys(paths).filter((p) => !spec.covers(`GET ${p}`))).toEqual([])
      const problems: string[] = []
      for (const route of covered) {
        const [method, path] = route.split(' ') as [string, string]
        // The router ignores a trailing slash (app.ts), so the tree prints the paths without one.
        const documented = path.replace(/:(\w+)/g, '{$1}')
        const op = (paths[documented] ?? paths[`${documented}/`])?.[method.toLowerCase()]
        if (!op) {
          problems.push(`${route}: not in the document`)
          continue
        }
        if (['POST', 'PUT', 'PATCH'].includes(method) && !BODYLESS.has(route)) {
          const schemas = Object.values(op.requestBody?.content ?? {}).map((c) => c.schema)
          if (!schemas.some(Boolean)) problems.push(`${route}: no request body schema`)
        }
        const success = Object.entries(op.responses ?? {}).filter(([status]) => isSuccess(status))
        if (!success.some(([, r]) => Object.values(r.content ?? {}).some((c) => c.schema))) {
          problems.push(`${route}: no success response schema`)
        }
      }
      expect(problems).toEqual([])
    },
  )

  it.each(DOCUMENTS)(
    'the $name document declares the bearer token on exactly the routes that refuse a call without one',
    async (spec) => {
      const paths = await documentPaths(spec)
      const wrong: string[] = []
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(operations)) {
          const url = path.replace(/\{\w+\}/g, 'x1')
          const res = await api.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            ...(method === 'get' ? {} : { payload: {} }),
          })
          // An optional token (`{}` among the schemes) may go either way: not checked here.
          const schemes = (op.security ?? []).map((s) => Object.keys(s).join('+'))
          if (schemes.includes('')) continue
          if ((res.statusCode === 401) !== schemes.length > 0) {
            wrong.push(
              `${method} ${path}: answered ${res.statusCode}, security ${JSON.stringify(op.security)}`,
            )
          }
        }
      }
      expect(wrong).toEqual([])
    },
  )

  it('documents the Idempotency-Key header, required where the route refuses a call without it', async () => {
    const paths = await documentPaths()
    const key = (path: string, method = 'post') =>
      paths[path]?.[method]?.parameters?.find(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      )
    expect(key('/api/v1/add-reward/')).toMatchObject({ required: true })
    expect(key('/api/v1/add-withdraw/')).toMatchObject({ required: true })
    expect(key('/api/v1/create-order/')?.required).not.toBe(true)
    expect(key('/api/v1/get-user/', 'get')).toBeUndefined()
  })

  it('serves the reference page from same-origin scripts only, under the CSP', async () => {
    const page = await api.app.inject('/api/docs/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/)
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const src of scripts) expect(src).toMatch(/^\.\//)
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'")
    for (const src of scripts) {
      expect((await api.app.inject(`/api/docs/${src.slice(2)}`)).statusCode, src).toBe(200)
    }
  })
})
