/**
 * Finds every message the PWA's source uses, by a TypeScript AST scan of src/: the literal first
 * argument of `t('…')` and `msg('…')`, and the literal `id` of `<T id="…">`. Used by the catalog
 * test (every message has a Hindi entry, every Hindi entry is used) and by
 * `npx tsx src/i18n/extract-messages.ts`, which prints the messages the Hindi catalog lacks.
 * Node only (reads files); never imported by the app.
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** A message found in the source, with where it is (`src/x.tsx:12`). */
export interface FoundMessage {
  id: string
  at: string
}

/** The calls whose first argument is a message. */
const MESSAGE_CALLS = new Set(['t', 'msg'])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    const code = /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)
    return code && !/test-utils|fixtures/.test(entry.name) ? [file] : []
  })
}

function literal(node: ts.Node | undefined): string | null {
  if (!node) return null
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isJsxExpression(node)) return literal(node.expression)
  return null
}

/** `t(name)`, `t(link.label)`, `t(TITLES[path])`: a value marked with `msg()` elsewhere. */
function isReference(node: ts.Node | undefined): boolean {
  if (!node) return false
  return (
    ts.isIdentifier(node) ||
    ts.isPropertyAccessExpression(node) ||
    ts.isElementAccessExpression(node)
  )
}

/**
 * Every message used under `srcDir`, and the calls whose message is not a literal (`dynamic`:
 * the scan cannot check those; `t(variable)` is allowed only for values marked with `msg()`).
 */
export function extractMessages(srcDir: string): { messages: FoundMessage[]; dynamic: string[] } {
  const messages: FoundMessage[] = []
  const dynamic: string[] = []
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const at = (node: ts.Node) =>
      `${path.relative(path.dirname(srcDir), file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        MESSAGE_CALLS.has(node.expression.text)
      ) {
        const id = literal(node.arguments[0])
        if (id !== null) messages.push({ id, at: at(node) })
        else if (node.expression.text === 'msg' || !isReference(node.arguments[0]))
          dynamic.push(at(node))
      }
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        node.tagName.getText() === 'T'
      ) {
        const attribute = node.attributes.properties.find(
          (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === 'id',
        )
        const id = literal(attribute?.initializer)
        if (id !== null) messages.push({ id, at: at(node) })
        else dynamic.push(at(node))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { messages, dynamic }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const src = path.resolve(import.meta.dirname, '..')
  const catalog = JSON.parse(
    fs.readFileSync(path.join(src, 'i18n/locales/hi.json'), 'utf8'),
  ) as Record<string, string>
  const found = [src, path.resolve(src, '../contract')].map((dir) => extractMessages(dir))
  const messages = found.flatMap((f) => f.messages)
  const dynamic = found.flatMap((f) => f.dynamic)
  const missing = [...new Set(messages.filter((m) => !(m.id in catalog)).map((m) => m.id))]
  const used = new Set(messages.map((m) => m.id))
  console.log(
    JSON.stringify(
      { missing, unused: Object.keys(catalog).filter((k) => !used.has(k)), dynamic },
      null,
      2,
    ),
  )
}
