/**
 * Simulated time: every simulated person is an async script that waits for moments of simulated
 * time (`at`), and the timeline runs one script at a time, in order of time, with the server's
 * injected clock set to that moment. Weeks of human pacing cost no real time, and one script's
 * requests never interleave with another's, so a seed always gives the same run.
 */
interface Entry {
  at: number
  order: number
  resume: () => void
}

export class Timeline {
  /** The simulated time now, in ms since the epoch. */
  nowMs: number
  private readonly heap: Entry[] = []
  private order = 0
  private endTurn: (() => void) | null = null
  private failure: { error: unknown } | null = null

  constructor(startMs: number) {
    this.nowMs = startMs
  }

  /** The clock for `AppConfig.clock`. */
  readonly now = (): Date => new Date(this.nowMs)

  /** Resumes the calling script at `atMs` (never before now); other scripts run meanwhile. */
  at(atMs: number): Promise<void> {
    return new Promise((resolve) => {
      this.push(Math.max(atMs, this.nowMs), resolve)
      this.yieldTurn()
    })
  }

  /** Starts `script` at `atMs` (never before now). */
  spawn(atMs: number, script: () => Promise<void>): void {
    this.push(Math.max(atMs, this.nowMs), () => {
      script().then(
        () => this.yieldTurn(),
        (error: unknown) => {
          this.failure ??= { error }
          this.yieldTurn()
        },
      )
    })
  }

  /** Runs every script to its end; rejects with the first error a script threw. */
  async run(): Promise<void> {
    while (this.heap.length > 0 && !this.failure) {
      const entry = this.pop()
      this.nowMs = entry.at
      const turn = new Promise<void>((resolve) => (this.endTurn = resolve))
      entry.resume()
      await turn
    }
    if (this.failure) throw this.failure.error
  }

  private yieldTurn(): void {
    const end = this.endTurn
    this.endTurn = null
    end?.()
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order)
  }

  private push(at: number, resume: () => void): void {
    const heap = this.heap
    heap.push({ at, order: this.order++, resume })
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.less(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }

  private pop(): Entry {
    const heap = this.heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < heap.length && this.less(heap[l]!, heap[m]!)) m = l
        if (r < heap.length && this.less(heap[r]!, heap[m]!)) m = r
        if (m === i) break
        ;[heap[i], heap[m]] = [heap[m]!, heap[i]!]
        i = m
      }
    }
    return top
  }
}
