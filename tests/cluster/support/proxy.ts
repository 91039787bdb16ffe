import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import { freePort } from '#tests/helpers/instances'

/**
 * A small round-robin HTTP proxy in front of the instances, as a load balancer would be: each
 * request goes to the next upstream. Like nginx's defaults, an upstream that refuses the
 * connection (stopped, or draining after SIGTERM) is skipped since nothing reached it, and a GET
 * whose connection failed before any answer is tried on the next one; any other failure answers
 * 502 and the client decides whether to retry. The client's address is appended to
 * `X-Forwarded-For`.
 */
export class RoundRobinProxy {
  #next = 0
  #server?: Server

  private constructor(
    readonly port: number,
    public upstreams: number[]
  ) {}

  /** Starts a proxy on a free port in front of `upstreams` (ports on 127.0.0.1). */
  static async create(upstreams: number[]): Promise<RoundRobinProxy> {
    const proxy = new RoundRobinProxy(await freePort(), upstreams)
    proxy.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        proxy
          .#forward(request, Buffer.concat(chunks))
          .then(({ status, headers, body }) => {
            response.writeHead(status, headers)
            response.end(body)
          })
          .catch((error: Error) => {
            response.writeHead(502, { 'content-type': 'text/plain' })
            response.end(`proxy: ${error.message}`)
          })
      })
    })
    // Clients keep connections to the proxy alive; the proxy opens one per upstream request.
    proxy.#server.keepAliveTimeout = 30_000
    await new Promise<void>((resolve) => proxy.#server!.listen(proxy.port, '127.0.0.1', resolve))
    return proxy
  }

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  async #forward(request: IncomingMessage, body: Buffer) {
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ')
    const headers = { ...request.headers, 'x-forwarded-for': forwardedFor }
    delete headers.connection
    let lastError: Error | undefined
    // Each upstream once, starting with the next in turn.
    const first = this.#next++
    for (let tries = 0; tries < this.upstreams.length; tries++) {
      const port = this.upstreams[(first + tries) % this.upstreams.length]
      try {
        return await send(port, request.method ?? 'GET', request.url ?? '/', headers, body)
      } catch (error) {
        lastError = error as Error
        const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED'
        const idempotent = request.method === 'GET' || request.method === 'HEAD'
        if (!refused && !idempotent) throw error
      }
    }
    throw lastError ?? new Error('no upstream')
  }

  /** Stops the proxy. */
  async stop() {
    const server = this.#server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const responseHeaders: Record<string, string | string[]> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && name !== 'connection' && name !== 'transfer-encoding') {
              responseHeaders[name] = value
            }
          }
          resolve({
            status: response.statusCode ?? 502,
            headers: responseHeaders,
            body: Buffer.concat(chunks),
          })
        })
        response.on('error', reject)
      }
    )
    upstream.on('error', reject)
    upstream.end(body)
  })
}
