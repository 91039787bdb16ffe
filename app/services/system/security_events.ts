import logger from '@adonisjs/core/services/logger'

/** Every security event the service records, by name. */
export type SecurityEvent =
  | 'login.failed'
  | 'login.throttled'
  | 'refresh_token.reused'
  | 'password.changed'
  | 'password.reset'
  | 'account.activated'
  | 'account.deactivated'
  | 'account.type_changed'
  | 'account.erased'
  | 'console.signed_in'
  | 'console.signed_out'
  | 'two_factor.enrolled'
  | 'two_factor.removed'
  | 'two_factor.recovery_codes_renewed'
  | 'two_factor.recovery_code_used'
  | 'two_factor.failed'
  | 'two_factor.throttled'

/**
 * Who did what to whom, from where. `actorId` is the signed-in user who acted (null when nobody
 * is signed in, as for a failed login), `targetId` the account acted on (null when the e-mail
 * tried matches none). Details are plain, non-secret values: never a password, code or token.
 */
export interface SecurityEventFields {
  actorId: string | null
  targetId: string | null
  clientAddress: string | null
  [detail: string]: string | number | boolean | null
}

/** Refusals an operator may want to alert on are warnings; completed changes are information. */
const WARNINGS = new Set<SecurityEvent>([
  'login.failed',
  'login.throttled',
  'refresh_token.reused',
  'two_factor.failed',
  'two_factor.throttled',
])

/**
 * Writes one security event as a structured log line: `{"event": "password.changed", "actorId",
 * "targetId", "clientAddress", ...}`, with `security: true` so a log pipeline can route them.
 */
export function recordSecurityEvent(event: SecurityEvent, fields: SecurityEventFields): void {
  const line = { security: true, event, ...fields }
  if (WARNINGS.has(event)) logger.warn(line, `security event ${event}`)
  else logger.info(line, `security event ${event}`)
}
