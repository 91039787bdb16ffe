import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import encryption from '@adonisjs/core/services/encryption'

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_HOURS = 24

/** The secrets of one endpoint, as sealed in its `secrets` column. */
export interface EndpointSecrets {
  current: string
  /** The secret before the last rotation and until when it still signs (ISO instant). */
  previous?: { secret: string; until: string }
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

const purposeOf = (endpointId: string) => `webhook-secrets:${endpointId}`

/** The secrets encrypted with APP_KEY for this endpoint alone (a copied column opens nowhere else). */
export function sealSecrets(endpointId: string, secrets: EndpointSecrets): string {
  return encryption.encrypt(secrets, { purpose: purposeOf(endpointId) })
}

/** The endpoint's secrets; throws when they do not open (APP_KEY changed, row altered). */
export function openSecrets(endpoint: { id: string; secrets: string }): EndpointSecrets {
  const opened = encryption.decrypt<EndpointSecrets>(endpoint.secrets, purposeOf(endpoint.id))
  if (!opened) throw new Error('the endpoint secrets could not be decrypted (APP_KEY changed?)')
  return opened
}

/** The secrets that sign at `now`: the current one, and the previous one during the overlap. */
export function signingSecrets(secrets: EndpointSecrets, now: DateTime): string[] {
  const previous = secrets.previous
  if (previous && DateTime.fromISO(previous.until) > now) return [secrets.current, previous.secret]
  return [secrets.current]
}

/** The secrets after a rotation at `now`: `fresh` signs, and the current one until the overlap ends. */
export function rotatedSecrets(secrets: EndpointSecrets, fresh: string, now: DateTime) {
  return {
    current: fresh,
    previous: {
      secret: secrets.current,
      until: now.plus({ hours: ROTATION_OVERLAP_HOURS }).toUTC().toISO()!,
    },
  } satisfies EndpointSecrets
}
