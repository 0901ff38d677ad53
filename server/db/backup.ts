/**
 * The online backup of the SQLite database (`npm run ops -- backup`): SQLite's backup API gives a
 * consistent snapshot even while the server writes. PostgreSQL is backed up with its own tools.
 */
import SQLite from 'better-sqlite3'

/**
 * Copies the SQLite database of `databaseUrl` (`file:PATH`) to `target`. Resolves the pages
 * copied and the source file, or the reason there is nothing to copy: `postgres` (use pg_dump) or
 * `memory` (an in-memory database). Throws when the file cannot be opened.
 */
export async function backupSqlite(
  databaseUrl: string,
  target: string,
): Promise<{ pages: number; source: string } | { refused: 'postgres' | 'memory' }> {
  if (!databaseUrl.startsWith('file:') && databaseUrl !== ':memory:') return { refused: 'postgres' }
  const source = databaseUrl.replace(/^file:/, '')
  if (source === ':memory:') return { refused: 'memory' }
  const db = new SQLite(source, { readonly: true, fileMustExist: true })
  try {
    const result = await db.backup(target)
    return { pages: result.totalPages, source }
  } finally {
    db.close()
  }
}
