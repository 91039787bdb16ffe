/*
| Loaded into the server by `npm run soak` (`--import`), never in production: every SOAK_SAMPLE_MS
| (30 s by default) it collects garbage (the server runs with --expose-gc), then writes one JSON
| line with the process's RSS, the heap still in use and the event-loop delay since the last line,
| which the soak reads from the server's output.
*/
import { monitorEventLoopDelay } from 'node:perf_hooks'

const intervalMs = Number(process.env.SOAK_SAMPLE_MS ?? 30_000)
const RESOLUTION_MS = 10
const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
delay.enable()

/** The histogram records each timer's whole interval; the delay is what exceeds the resolution. */
const milliseconds = (nanoseconds) =>
  Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100)

setInterval(() => {
  globalThis.gc?.()
  const memory = process.memoryUsage()
  const sample = {
    soakProbe: true,
    at: Date.now(),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    eventLoopDelayMs: {
      p50: milliseconds(delay.percentile(50)),
      p99: milliseconds(delay.percentile(99)),
      max: milliseconds(delay.max),
    },
  }
  process.stdout.write(`${JSON.stringify(sample)}\n`)
  delay.reset()
}, intervalMs).unref()
