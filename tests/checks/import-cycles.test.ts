/**
 * No import cycle anywhere in the product's source, type-only imports and re-exports included
 * (ESLint's `import-x/no-cycle` skips type-only imports): every module's dependencies can be read
 * before it. The graph is read with TypeScript's own import scanner.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const PARTS = ['contract', 'server', 'src', 'ops/src', 'sw']
const ALIASES: Record<string, string> = { '@/': 'src/', '@contract/': 'contract/' }

/** Every .ts/.tsx source file of `dir` (tests excluded), relative to the root. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sources(rel)
    const isSource =
      /\.tsx?$/.test(entry.name) && !/\.(test|test-helpers|d)\.tsx?$/.test(entry.name)
    return isSource ? [rel] : []
  })
}

/** The file a specifier of `from` names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
  let base: string
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length)
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier)
  else return null
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((c) => fs.existsSync(path.join(root, c)) && /\.tsx?$/.test(c)) ?? null
}

/** The import graph: file → the files it imports (values and types). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of PARTS.flatMap(sources)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const { importedFiles } = ts.preProcessFile(text, true, true)
    const targets = importedFiles
      .map((imported) => resolve(file, imported.fileName))
      .filter((target): target is string => target !== null)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected components of more than one file, or of a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const lowlink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    lowlink.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!))
      } else if (onStack.has(next)) {
        lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!))
      }
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return found
}

describe('the import graph', () => {
  it('reads the imports of every part (the scan works)', () => {
    const graph = importGraph()
    expect(graph.get('server/app.ts')).toContain('server/config.ts')
    expect(graph.get('src/main.tsx')?.length).toBeGreaterThan(0)
  })

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  it('has no cycle, type-only imports included', () => {
    expect(cycles(importGraph())).toEqual([])
  })
})
