/*
| HTTP kernel: the error handler and the middleware stacks.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/** Runs on every request, matched or not. */
server.use([
  () => import('#middleware/request_context_middleware'),
  // Before routing, where the router reads `_method`: spoofing is for console forms only.
  () => import('#middleware/method_spoofing_middleware'),
  // Before routing: a preflight (OPTIONS) matches no route and is answered here.
  () => import('@adonisjs/cors/cors_middleware'),
  () => import('#middleware/public_files_middleware'),
])

/** Runs on every matched route. Sessions and CSRF are console-only (named middleware below). */
router.use([
  () => import('#middleware/request_body_middleware'),
  () => import('#middleware/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
])

/** Named middleware, assigned per route group. */
export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  noStore: () => import('#middleware/no_store_middleware'),
  rejectHead: () => import('#middleware/reject_head_middleware'),
  session: () => import('@adonisjs/session/session_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  console: () => import('#middleware/console_auth_middleware'),
  viewHelpers: () => import('#middleware/share_view_helpers_middleware'),
})
