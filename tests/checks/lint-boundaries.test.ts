/**
 * The import boundaries of eslint.boundaries.js fail on a crossing: each fixture of
 * tests/lint/fixtures/ is linted by the project's own ESLint configuration as if it sat where its
 * `// lint-as:` line says, and must raise exactly the rule its `// expect:` line names (or
 * nothing).
 */
import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const fixtures = path.join(root, 'tests/lint/fixtures')
const eslint = new ESLint({ cwd: root })

/** A fixture's source, where it pretends to be, and the rule it must break (null: none). */
function readFixture(name: string): { source: string; lintAs: string; expected: string | null } {
  const source = fs.readFileSync(path.join(fixtures, name), 'utf8')
  const lintAs = /^\/\/ lint-as: (\S+)$/m.exec(source)?.[1]
  const expected = /^\/\/ expect: (\S+)$/m.exec(source)?.[1]
  if (!lintAs || !expected) throw new Error(`${name} lacks its lint-as or expect line`)
  return { source, lintAs, expected: expected === 'nothing' ? null : expected }
}

const names = fs.readdirSync(fixtures).filter((name) => name.endsWith('.ts'))

describe('lint boundaries', () => {
  it('has a fixture for every kind of crossing and one that crosses nothing', () => {
    const expected = names.map((name) => readFixture(name).expected)
    expect(expected).toContain(null)
    expect(new Set(expected)).toEqual(
      new Set([
        null,
        'import-x/no-restricted-paths',
        'import-x/no-nodejs-modules',
        'no-restricted-globals',
        'no-restricted-imports',
      ]),
    )
  })

  it.each(names)('%s raises exactly its expected rule', async (name) => {
    const { source, lintAs, expected } = readFixture(name)
    const [result] = await eslint.lintText(source, { filePath: path.join(root, lintAs) })
    const rules = (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`)
    expect(rules).toEqual(expected ? [expected] : [])
  })
})
