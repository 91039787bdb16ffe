import type { Server } from 'node:http'

/** How often connections that went idle during a shutdown are closed. */
const IDLE_SWEEP_MS = 100

/**
 * Prepares the HTTP server for a graceful stop, before the application terminates. The
 * framework's termination then stops accepting connections and waits for the server to close,
 * lets the mail worker finish its pass and closes the database and Redis pools. This adds what
 * Node's `server.close()` leaves out: every response from now on says `Connection: close` and
 * kept-alive connections are closed as soon as they are idle, so the close completes when the
 * last in-flight request has its answer; requests still running after `timeoutMs` are cut, so a
 * stuck one cannot hold the process forever (`onTimeout` is told).
 */
export function beginDrain(server: Server, timeoutMs: number, onTimeout: () => void) {
  server.on('request', (_request, response) => {
    if (!response.headersSent) response.setHeader('Connection', 'close')
  })
  server.closeIdleConnections()
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
  const deadline = setTimeout(() => {
    onTimeout()
    server.closeAllConnections()
  }, timeoutMs)
  sweep.unref()
  deadline.unref()
  server.once('close', () => {
    clearInterval(sweep)
    clearTimeout(deadline)
  })
}
