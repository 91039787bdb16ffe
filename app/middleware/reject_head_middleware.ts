import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { defineDomainError } from '#exceptions/domain_error'

const HeadNotAllowed = defineDomainError(405, 'METHOD_NOT_ALLOWED', 'HEAD is not allowed here')

/**
 * Some account routes put state-changing operations behind GET (verify a code, send a code,
 * reset a password; docs/api/accounts.md). A HEAD request must never change state, so on those
 * routes it is refused.
 */
export default class RejectHeadMiddleware {
  async handle({ request }: HttpContext, next: NextFn) {
    if (request.method() === 'HEAD') {
      throw new HeadNotAllowed(undefined, { headers: { Allow: 'GET, POST' } })
    }
    return next()
  }
}
