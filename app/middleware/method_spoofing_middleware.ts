import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The methods a console form may ask for with `?_method=`: a resource's update and destroy. */
const SPOOFABLE = new Set(['PUT', 'PATCH', 'DELETE'])

function isConsolePath(url: string): boolean {
  return url === '/admin' || url.startsWith('/admin/')
}

/**
 * Confines method spoofing (`allowMethodSpoofing`, config/app.ts) to the console's HTML forms:
 * a POST to an `/admin` address whose query string asks `_method=PUT|PATCH|DELETE` is routed as
 * that method. Anywhere else (the JSON API above all), and for any other value, `_method` is
 * dropped before routing, so the POST stays a POST as if spoofing were off. Server middleware:
 * the router reads `_method` when it matches the route, before any route middleware runs.
 */
export default class MethodSpoofingMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    if (request.intended() === 'POST' && '_method' in request.qs()) {
      const { _method: asked, ...rest } = request.qs()
      const spoofs =
        typeof asked === 'string' &&
        SPOOFABLE.has(asked.toUpperCase()) &&
        isConsolePath(request.url())
      if (!spoofs) request.updateQs(rest)
    }
    return next()
  }
}
