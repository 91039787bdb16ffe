import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { CheckedDestination } from '#services/integrations/webhook_destination'

/** The most of a response body kept in the delivery log. */
export const RESPONSE_KEPT_BYTES = 1024

/** What one POST came to: an answer (any status), or an error before one (timeout, refused). */
export type PostOutcome =
  | { kind: 'answered'; statusCode: number; body: string; durationMs: number }
  | { kind: 'error'; error: string; durationMs: number }

/**
 * A `lookup` that answers the address already checked, whatever name it is asked about: the
 * connection goes where the check looked, never to a second DNS answer.
 */
function pinnedLookup(destination: CheckedDestination): LookupFunction {
  return (_hostname, options, callback) => {
    const { address, family } = destination
    if ((options as { all?: boolean }).all) {
      ;(callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
        null,
        [{ address, family }]
      )
      return
    }
    callback(null, address, family)
  }
}

/**
 * POSTs `body` to the checked destination: no redirect is followed (a 3xx is an answer like any
 * other non-2xx), at most `RESPONSE_KEPT_BYTES` of the answer are read, and the whole exchange
 * is abandoned after `timeoutMs`.
 */
export function postWebhook(
  destination: CheckedDestination,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number
): Promise<PostOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const client = destination.url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: PostOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = client.request(destination.url, {
      method: 'POST',
      lookup: pinnedLookup(destination),
      agent: false,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'commerce-backend-webhooks/1',
      },
    })
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs} ms`))
    }, timeoutMs)
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let kept = 0
      const finish = () =>
        settle({
          kind: 'answered',
          statusCode: response.statusCode ?? 0,
          body: Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8'),
          durationMs: elapsed(),
        })
      response.on('data', (chunk: Buffer) => {
        if (kept >= RESPONSE_KEPT_BYTES) return
        chunks.push(chunk)
        kept += chunk.length
        if (kept >= RESPONSE_KEPT_BYTES) {
          finish()
          response.destroy()
        }
      })
      response.on('end', finish)
      response.on('error', finish)
      response.on('close', finish)
    })
    request.on('error', (error) =>
      settle({ kind: 'error', error: error.message.slice(0, 500), durationMs: elapsed() })
    )
    request.end(body)
  })
}
