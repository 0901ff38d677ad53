/**
 * The Status choice and Search box every queue screen leads its filters with (orders,
 * withdrawals): the statuses in the order offered, and what the search matches as its placeholder.
 */
interface Props {
  statuses: string[]
  status: string
  onStatus: (status: string) => void
  placeholder: string
  q: string
  onQ: (q: string) => void
}

export function StatusAndSearch({ statuses, status, onStatus, placeholder, q, onQ }: Props) {
  return (
    <>
      <label>
        Status
        <select value={status} onChange={(e) => onStatus(e.target.value)}>
          {statuses.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label>
        Search
        <input
          type="search"
          placeholder={placeholder}
          value={q}
          onChange={(e) => onQ(e.target.value)}
        />
      </label>
    </>
  )
}
