import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Auth responses carry tokens and codes: no cache may keep them. */
export default class NoStoreMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Cache-Control', 'no-store')
    response.header('Pragma', 'no-cache')
    return next()
  }
}
