// The import boundaries between the parts of the project (the zones of bulletproof-react's
// `import/no-restricted-paths`, ../shared/STYLE.md). Imports flow one way: contract/ → src/lib →
// src/stores and src/components → src/features → src/app. Checked by `npm run lint`, and shown to
// fail on a crossing by tests/checks/lint-boundaries.test.ts.
import fs from 'node:fs'
import path from 'node:path'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const root = import.meta.dirname
const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * The API's domains, each above the ones after it: a domain may import those below it, never one
 * above (so no two domains import each other). Routes sit above every domain, the database module
 * (server/db) and server/lib below them all.
 */
const SERVER_DOMAIN_RANK = [['ops'], ['accounts'], ['earning'], ['risk', 'push', 'profile']]
const serverDir = (dir) => `./server/${dir}`

/** The API's domain folders and its routes, which its infrastructure plugins never import. */
const SERVER_DOMAINS = [...SERVER_DOMAIN_RANK.flat(), 'routes'].map(serverDir)

/** One zone per rank: a domain imports no domain of its own rank or above (only itself). */
const serverDomainZones = SERVER_DOMAIN_RANK.flatMap((rank, i) =>
  rank.map((domain) => ({
    target: serverDir(domain),
    from: [...SERVER_DOMAIN_RANK.slice(0, i).flat(), ...rank.filter((d) => d !== domain)].map(
      serverDir,
    ),
    message: `server/${domain} imports only the domains below it (${SERVER_DOMAIN_RANK.map((rank) => rank.join(', ')).join(' → ')}): move what both need down, or let the upper one call it.`,
  })),
).filter((zone) => zone.from.length > 0)

/** The parts of the PWA that rank above src/lib (they may import it, never the reverse). */
const ABOVE_LIB = ['./src/stores', './src/features', './src/components', './src/app']

/** The zones of `import-x/no-restricted-paths`: files under `target` may not import from `from`. */
export const BOUNDARY_ZONES = [
  // A feature never imports another: what two features share moves to src/components, src/lib,
  // src/stores or contract, and src/app composes the features.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another feature; move what they share to src/components, src/lib or contract.',
  })),
  {
    target: './src/lib',
    from: ABOVE_LIB,
    message:
      'src/lib is below the stores, features, components and app: pass what it needs in, or register it.',
  },
  {
    target: ['./src/stores', './src/components'],
    from: ['./src/features', './src/app'],
    message: 'Stores and shared components do not import features or the app.',
  },
  {
    target: './contract',
    from: ['./src', './server', './sw', './ops'],
    message:
      'contract/ (the API contract and the rules) imports only contract/: it runs in the PWA, the API, the console and the worker.',
  },
  {
    target: ['./src', './ops/src', './sw'],
    from: './server',
    message:
      'The PWA, the console and the service worker never import the API; what both sides use lives in contract/.',
  },
  {
    target: './server',
    from: ['./src', './sw', './ops'],
    message: 'The API imports nothing of the PWA: what both sides use lives in contract/.',
  },
  {
    target: './server/plugins',
    from: SERVER_DOMAINS,
    message:
      'server/plugins holds infrastructure only: routes and domain plugins wire the domains, never a plugin.',
  },
  // The API's layers run one way: routes → domains → server/db → server/lib.
  ...serverDomainZones,
  {
    target: SERVER_DOMAIN_RANK.flat().map(serverDir),
    from: './server/routes',
    message: 'A domain does not import the routes: routes call the domains.',
  },
  {
    target: './server/routes',
    from: './server/earning/idempotency.ts',
    message:
      'Idempotency-Keys are taken in the domain (runIdempotent): a route calls the domain function that runs once per key.',
  },
  {
    target: './server/routes',
    from: './server/db',
    message:
      'Routes reach the database through a domain (or the app’s decorations), never server/db itself.',
  },
  {
    target: ['./server/db', './server/lib'],
    from: [...SERVER_DOMAINS, './server/plugins', './server/context.ts'],
    message:
      'server/db and server/lib sit below the domains, routes and plugins: pass in what they need.',
  },
  {
    target: './server/lib',
    from: './server/db',
    message:
      'server/lib holds helpers with no database: the database module may use them, not the reverse.',
  },
]

/** The DOM's and Node's globals, which contract may not use (it runs on both sides). */
const HOST_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'indexedDB',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
].map((name) => ({ name, message: 'contract runs in the PWA and the API: no DOM and no Node.' }))

/** The flat-config entries that enforce the zones. */
export const boundaries = [
  {
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'sw/**/*.ts',
      'ops/**/*.{ts,tsx}',
      'contract/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.app.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: BOUNDARY_ZONES }],
      // No import cycle, type-only imports included: each module's dependencies come first.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'idb-keyval', 'ky'],
              message: 'contract imports neither DOM libraries nor the app.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...HOST_GLOBALS],
    },
  },
]
