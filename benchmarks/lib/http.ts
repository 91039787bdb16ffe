/*
| A small HTTP client on node:http with keep-alive sockets: cheaper per request than fetch, so
| the load generator takes less of the CPU the server is measured on.
*/
import http from 'node:http'
import { readBody } from '../../tests/cluster/support/http.js'

/** A response: status, headers and the parsed JSON body (or the text when it is not JSON). */
export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: any
}

/** Sends requests to one server over a pool of keep-alive sockets. */
export class HttpClient {
  #agent: http.Agent

  constructor(
    private baseUrl: string,
    sockets = 32
  ) {
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  }

  /** Sends one request; `headers` are added to the JSON content type. */
  request(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {}
  ): Promise<Reply> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.#agent,
          headers: {
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...options.headers,
          },
        },
        (response) => {
          readBody(response, (body) =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
          )
          response.on('error', reject)
        }
      )
      request.on('error', reject)
      request.end(payload)
    })
  }

  /** Like `request`, but a status of 400 or more is an error naming the request. */
  async expect(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {}
  ): Promise<any> {
    const reply = await this.request(method, path, options)
    if (reply.status >= 400) {
      throw new Error(`${method} ${path}: HTTP ${reply.status} ${JSON.stringify(reply.body)}`)
    }
    return reply.body
  }

  /** Closes the idle sockets. */
  close() {
    this.#agent.destroy()
  }
}
