import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { toDbInstant } from '#support/sql_time'

/** The fields of a policy in create, update and deactivate responses. */
export const POLICY_KEYS = [
  'content',
  'effectiveDate',
  'id',
  'isActive',
  'title',
  'type',
  'version',
]

/** The fields of a policy in list, by-type and by-id responses. */
export const POLICY_DETAIL_KEYS = [...POLICY_KEYS, 'createdAt', 'updatedAt'].sort()

/** The fields of a consent record. */
export const CONSENT_KEYS = [
  'consentedAt',
  'id',
  'ipAddress',
  'policyId',
  'policyType',
  'policyVersion',
  'userAgent',
  'userId',
]

/** The fields of `GET /policy-consents/{policyType}`. */
export const CONSENT_STATUS_KEYS = [
  'consentedAt',
  'consentedPolicyId',
  'consentedVersion',
  'currentPolicyId',
  'currentVersion',
  'hasConsented',
  'policyType',
]

/** ISO 8601 in UTC with milliseconds and `Z`. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** A valid `POST /policy` body, in force since an hour ago. */
export function policyBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'PRIVACY_POLICY',
    title: 'Privacy Policy',
    content: 'We collect only what we need to deliver your orders.',
    version: '1.0',
    effectiveDate: DateTime.utc().minus({ hours: 1 }).toISO(),
    ...overrides,
  }
}

/** Moves a policy's effective date directly in the database, as time passing would. */
export async function setEffectiveDate(policyId: string, at: DateTime) {
  await db
    .from('legal_policies')
    .where('id', policyId)
    .update({ effective_date: toDbInstant(at) })
}

/** Sets a consent's time directly, to make orderings independent of the clock. */
export async function setConsentedAt(consentId: string, at: DateTime) {
  await db
    .from('legal_policy_consents')
    .where('id', consentId)
    .update({ consented_at: toDbInstant(at) })
}
