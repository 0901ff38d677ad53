// DATABASE_URL's forms (DECISIONS §2): `file:PATH` for SQLite, `postgres://…` for PostgreSQL.
// Any other form is refused at once, before anything is created: it would otherwise be read as a
// relative file path (`sqlite:/tmp/x.db` made a folder `sqlite:` beside the process).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'

describe('DATABASE_URL', () => {
  it('refuses a URL that is neither file: nor postgres:// and creates nothing', () => {
    const cwd = process.cwd()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-url-'))
    process.chdir(dir)
    try {
      for (const url of ['sqlite:/tmp/x.db', 'mysql://root@localhost/test', './data/app.db']) {
        expect(() => openDatabase(url), url).toThrow(/must be file:PATH .* or postgres:\/\//)
      }
      expect(fs.readdirSync(dir)).toEqual([])
    } finally {
      process.chdir(cwd)
      fs.rmSync(dir, { recursive: true, force: true })
    }
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
