// DATABASE_URL's forms (docs/product.md#configuration): `file:PATH` for SQLite, `postgres://…` for PostgreSQL.
// Any other form is refused at once, before anything is created: it would otherwise be read as a
// relative file path (`sqlite:/tmp/x.db` made a folder `sqlite:` beside the process).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'

describe('DATABASE_URL', () => {
  it('refuses a URL that is neither file: nor postgres:// and creates nothing', () => {
    // Relative to the working directory, as such a URL would have been read.
    const stamp = `${process.pid}-${Date.now()}`
    const name = `db-url-${stamp}`
    for (const url of [`${name}:/tmp/x.db`, `mysql://root@localhost/${name}`, `./${name}/app.db`]) {
      expect(() => openDatabase(url), url).toThrow(/must be file:PATH .* or postgres:\/\//)
    }
    // Nothing named after any part of the URLs (a misread one may lose its first characters).
    expect(fs.readdirSync('.').filter((entry) => entry.includes(stamp))).toEqual([])
  })

  it('opens file:PATH as SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-url-'))
    const handle = openDatabase(`file:${path.join(dir, 'sub', 'app.db')}`)
    try {
      expect(handle.engine).toBe('sqlite')
      expect(fs.existsSync(path.join(dir, 'sub', 'app.db'))).toBe(true)
    } finally {
      await handle.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
