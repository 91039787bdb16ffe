import { request as httpRequest, type IncomingMessage } from 'node:http'

/** One HTTP exchange as the harness saw it; `status` 0 when no answer came back. */
export interface Reply {
  status: number
  headers: Headers
  body: any
  ms: number
  /** The network error, when no answer came back. */
  failure?: string
}

/** Options of one request. */
export interface SendOptions {
  json?: unknown
  token?: string
  /** The client address the proxy is told about (`X-Forwarded-For`). */
  address?: string
  headers?: Record<string, string>
  timeoutMs?: number
}

/** The request headers `options` ask for: JSON in and out, the bearer token, the client address. */
function headersFor(options: SendOptions) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.address) headers['x-forwarded-for'] = options.address
  return headers
}

/** A request to `base` (the proxy, or one instance), answered as a `Reply`. */
export type Send = (
  base: string,
  method: string,
  path: string,
  options?: SendOptions
) => Promise<Reply>

/** A body as the harnesses read it: the parsed JSON, the text itself if it is not JSON, or null. */
export function parsedBody(text: string): any {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Reads a node:http response to its end and hands its body, as `parsedBody` reads it, to `done`. */
export function readBody(response: IncomingMessage, done: (body: any) => void) {
  const chunks: Buffer[] = []
  response.on('data', (chunk: Buffer) => chunks.push(chunk))
  response.on('end', () => done(parsedBody(Buffer.concat(chunks).toString('utf8'))))
}

/** Sends one request to `base` (the proxy, or one instance) and reads the answer. */
export const send: Send = async (base, method, path, options = {}) => {
  const headers = headersFor(options)
  const startedAt = performance.now()
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    })
    return {
      status: response.status,
      headers: response.headers,
      body: parsedBody(await response.text()),
      ms: performance.now() - startedAt,
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return {
      status: 0,
      headers: new Headers(),
      body: null,
      ms: performance.now() - startedAt,
      failure: cause?.code ?? cause?.message ?? (error as Error).message,
    }
  }
}

/**
 * Like `send`, but always on a connection of its own, opened for this request: no kept-alive
 * connection of an earlier request is reused, so a server closing idle connections cannot race it.
 */
export const sendOnNewConnection: Send = (base, method, path, options = {}) => {
  const headers = headersFor(options)
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json)
  const startedAt = performance.now()
  return new Promise((resolve) => {
    const request = httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
      readBody(response, (body) => {
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value)
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: responseHeaders,
          body,
          ms: performance.now() - startedAt,
        })
      })
    })
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        status: 0,
        headers: new Headers(),
        body: null,
        ms: performance.now() - startedAt,
        failure: error.code ?? error.message,
      })
    )
    request.end(payload)
  })
}

/**
 * Like `send`, for the set-up steps of the harness's customers: a 503 (the instances shed load
 * while 200 sign-ups hash their passwords at once) is retried after its Retry-After, as a
 * well-behaved client does, shortened to a second at most to keep the test quick.
 */
export const sendPatiently: Send = async (base, method, path, options = {}) => {
  for (let attempt = 1; ; attempt++) {
    const reply = await send(base, method, path, options)
    if (reply.status !== 503 || attempt >= 10) return reply
    const retryAfter = Number(reply.headers.get('retry-after') ?? 1)
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 1) * 1000))
  }
}

/** Runs `task` over `items` with at most `concurrency` at a time; results in input order. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index], index)
    }
  })
  await Promise.all(workers)
  return results
}

/** A label for tallies: the status, and the error code when there is one. */
export function label(reply: Reply): string {
  if (reply.status === 0) return `network ${reply.failure}`
  const code = reply.body?.code ?? reply.body?.error?.code
  return code && reply.status >= 400 ? `${reply.status} ${code}` : String(reply.status)
}

/** Counts replies by label. */
export function tally(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const reply of replies) counts[label(reply)] = (counts[label(reply)] ?? 0) + 1
  return counts
}
