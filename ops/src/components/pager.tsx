/** "1–25 of 200+" and Previous/Next under a paged list. */
import type { PageOf } from '../lib/api.ts'
import { PAGE_SIZE } from '../lib/use-paged.ts'
import { formatIndianNumber } from '../../../contract/rules.ts'

/** The rows shown and the count, capped by the server; nothing on an empty first page. */
export function Pager({
  page,
  pageIndex,
  next,
  previous,
}: {
  page: PageOf<unknown>
  pageIndex: number
  next: () => void
  previous: () => void
}) {
  const first = pageIndex * PAGE_SIZE + 1
  const last = pageIndex * PAGE_SIZE + page.rows.length
  const total = `${formatIndianNumber(page.total)}${page.total_capped ? '+' : ''}`
  if (page.rows.length === 0 && pageIndex === 0) return null
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={pageIndex === 0} onClick={previous}>
        Previous
      </button>
      <span>
        {page.rows.length === 0 ? `No more after ${first - 1}` : `${first}–${last} of ${total}`}
      </span>
      <button type="button" disabled={page.next === null} onClick={next}>
        Next
      </button>
    </nav>
  )
}
