/**
 * A clock for `AppConfig.clock` that runs with the wall clock and jumps forward when a test says
 * so: for a product a browser drives in real time, whose caches a test must see expire.
 */
export interface RunningClock {
  now: () => Date
  /** Moves the clock `ms` milliseconds forward, at once and for good. */
  advance(ms: number): void
}

export function runningClock(): RunningClock {
  let ahead = 0
  return {
    now: () => new Date(Date.now() + ahead),
    advance(ms) {
      ahead += ms
    },
  }
}
