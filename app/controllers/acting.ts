import type { HttpContext } from '@adonisjs/core/http'
import type { AdminActing } from '#services/admin/audit_trail_service'

/**
 * Who makes an administrative change, and from where, as the audit trail records it: the first
 * argument of every administrative write, from API and console controllers alike.
 */
export function acting({ auth, request }: Pick<HttpContext, 'auth' | 'request'>): AdminActing {
  return { actor: auth.getUserOrFail(), clientAddress: request.ip() }
}
