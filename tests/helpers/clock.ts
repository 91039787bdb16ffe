import { DateTime, Settings } from 'luxon'

/**
 * Stops Luxon's clock at the start of the current second and returns that instant; the test moves
 * it on with `clockAt`. `cleanup` (the test's own) puts the real clock back afterwards.
 */
export function stoppedClock(cleanup: (handler: () => void) => void): DateTime {
  cleanup(() => {
    Settings.now = () => Date.now()
  })
  const start = DateTime.utc().startOf('second')
  clockAt(start.toMillis())
  return start
}

/** Sets Luxon's clock to `milliseconds` since the epoch. */
export function clockAt(milliseconds: number) {
  Settings.now = () => milliseconds
}
