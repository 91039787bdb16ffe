import type { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { UuidModel } from '#models/uuid_model'
import { instantColumn } from '#models/policy'
import { type PolicyType } from '#enums/policy_type'

/**
 * A user's consent to one policy version, append-only: never edited or deleted. The policy's type
 * and version are copied in, so the record states what was agreed to on its own.
 */
export default class PolicyConsent extends UuidModel {
  static table = 'legal_policy_consents'

  @column()
  declare userId: string

  @column()
  declare policyId: string

  @column()
  declare policyType: PolicyType

  @column()
  declare policyVersion: string

  @column.dateTime(instantColumn)
  declare consentedAt: DateTime

  @column()
  declare ipAddress: string

  @column()
  declare userAgent: string | null
}
