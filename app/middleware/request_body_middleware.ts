import { inject } from '@adonisjs/core'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { MalformedBody } from '#exceptions/common_errors'
import { MAX_BODY_DEPTH, nestsDeeperThan } from '#support/nesting_depth'

/** Routes whose body is kept as the bytes sent, unparsed: signed webhooks (`rawBodyOf`). */
export const RAW_BODY_ROUTES = new Set(['payments.webhook'])

/** The most bytes a raw body may have, as every parsed body (config/bodyparser.ts). */
const RAW_BODY_LIMIT = 1024 * 1024

const rawBodies = new WeakMap<HttpContext['request'], Buffer>()

/** The bytes of a raw-body route's request, exactly as they arrived. */
export function rawBodyOf(request: HttpContext['request']): Buffer {
  return rawBodies.get(request) ?? Buffer.alloc(0)
}

/** Reads the request stream into one buffer, refusing more than `limit` bytes with a 413. */
async function readRaw(request: HttpContext['request'], limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request.request) {
    size += (chunk as Buffer).length
    if (size > limit) {
      // The parser's own refusal, which the handler answers 413 PAYLOAD_TOO_LARGE.
      throw Object.assign(new Error('request entity too large'), {
        code: 'E_REQUEST_ENTITY_TOO_LARGE',
        status: 413,
      })
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Parser refusals that carry no request data and already have their own status and code. */
const PASSED_THROUGH = new Set(['E_REQUEST_ENTITY_TOO_LARGE', 'E_ENCODING_UNSUPPORTED'])

/**
 * True for a refusal the handler answers as it is. The decompression step refuses an unknown
 * Content-Encoding with a bare error of status 415 and no code (and no request data): a 415
 * UNSUPPORTED_ENCODING, not a malformed body.
 */
function passesThrough(error: unknown): boolean {
  const { code, status } = (error ?? {}) as { code?: string; status?: number }
  return PASSED_THROUGH.has(code ?? '') || status === 415
}

/**
 * The framework's body parser, with two guarantees it lacks, and none at all for the routes of
 * `RAW_BODY_ROUTES`, whose bytes are kept as they came (a webhook's signature is over them). Any body it cannot parse (broken
 * JSON, or JSON nested so deeply that parsing overflows the stack) is 400 `MALFORMED_BODY`, raised
 * as a fresh error: the parser attaches the raw body to its own, and an error log would print it,
 * passwords included. A parsed body nested deeper than 64 levels is refused too, before any
 * validator, logger or copy walks it recursively.
 */
@inject()
export default class RequestBodyMiddleware {
  constructor(protected bodyParser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.route?.name && RAW_BODY_ROUTES.has(ctx.route.name)) {
      rawBodies.set(ctx.request, await readRaw(ctx.request, RAW_BODY_LIMIT))
      return next()
    }
    try {
      await this.bodyParser.handle(ctx, async () => {})
    } catch (error) {
      if (passesThrough(error)) throw error
      throw new MalformedBody()
    }
    if (nestsDeeperThan(ctx.request.body(), MAX_BODY_DEPTH)) {
      throw new MalformedBody(`The request body nests deeper than ${MAX_BODY_DEPTH} levels`)
    }
    return next()
  }
}
