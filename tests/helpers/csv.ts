/** Reading the CSV files the console exports, as a strict reader would (tests only). */

/** The fields of one CSV record, read strictly by RFC 4180 (no trimming, `""` inside quotes). */
export function rfc4180Fields(line: string): string[] {
  const fields: string[] = []
  let i = 0
  for (;;) {
    let field = ''
    if (line[i] === '"') {
      i += 1
      for (;;) {
        const end = line.indexOf('"', i)
        if (end < 0) throw new Error(`unclosed quote in ${line}`)
        field += line.slice(i, end)
        i = end + 1
        if (line[i] !== '"') break
        field += '"'
        i += 1
      }
    } else {
      const end = line.indexOf(',', i)
      field = line.slice(i, end < 0 ? line.length : end)
      i = end < 0 ? line.length : end
    }
    fields.push(field)
    if (i >= line.length) return fields
    if (line[i] !== ',') throw new Error(`text after a closing quote in ${line}`)
    i += 1
  }
}
