import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Policy from '#models/policy'
import { toDbInstant } from '#support/sql_time'
import { isUuid } from '#support/uuid'
import { type PolicyType } from '#enums/policy_type'
import {
  checkNewVersion,
  checkVersionChange,
  parseVersion,
  type VersionParts,
  type VersionVerdict,
} from '#services/legal/policy_version'
import {
  PolicyInactive,
  PolicyLocked,
  PolicyNotFound,
  PolicyVersionConflict,
  PolicyVersionExists,
} from '#exceptions/legal_errors'
import { ValidationFailed } from '#exceptions/common_errors'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'

/** A new policy version as the validator hands it over; `effectiveDate` is in UTC. */
export interface NewPolicy {
  type: PolicyType
  title: string
  content: string
  version: string
  effectiveDate: DateTime
}

/** A partial update: only the given fields change. `type` can never change. */
export interface PolicyChanges {
  title?: string
  content?: string
  version?: string
  effectiveDate?: DateTime
}

/** The parts of a version the caller should already have validated; refuses anything else. */
function versionPartsOf(version: string): VersionParts {
  const parts = parseVersion(version)
  if (!parts) {
    throw new ValidationFailed(undefined, {
      fields: [{ field: 'version', message: 'The version must be 1 to 3 dot-separated numbers' }],
    })
  }
  return parts
}

/** The fields of a policy an administrator sets, as the audit trail shows them. */
function auditedFields(policy: Policy): Record<string, unknown> {
  return {
    type: policy.type,
    title: policy.title,
    version: policy.version,
    content: policy.content,
    effectiveDate: policy.effectiveDate,
  }
}

function refuseUnlessOk(verdict: VersionVerdict) {
  if (verdict === 'duplicate') throw new PolicyVersionExists()
  if (verdict === 'out_of_order') {
    throw new PolicyVersionConflict(
      'The version must be greater than every earlier version of this policy type and below every later one'
    )
  }
}

/**
 * Publishing, reading, editing and deactivating legal policies. The current policy of a type is
 * never stored: it is derived from `isActive` and `effectiveDate` at read time, so a scheduled
 * version takes over by itself when its date passes. Every write is recorded in the audit trail
 * within its transaction.
 */
@inject()
export class PolicyService {
  constructor(protected audit: AuditTrail) {}

  /** Every policy, newest first; `active` keeps only the active (true) or inactive (false) ones. */
  async list(filter: { active?: boolean } = {}): Promise<Policy[]> {
    const query = Policy.query()
    if (filter.active !== undefined) query.where('is_active', filter.active)
    return query
      .orderBy('created_at', 'desc')
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
      .orderBy('id', 'asc')
  }

  /** The policy of a type in force at `at`, or null when none is. */
  async inForce(type: PolicyType, at: DateTime = DateTime.now()): Promise<Policy | null> {
    return Policy.query()
      .withScopes((scopes) => scopes.inForce(type, at))
      .first()
  }

  /** The policy of a type in force now; 404 when there is none. */
  async current(type: PolicyType): Promise<Policy> {
    const policy = await this.inForce(type)
    if (!policy) throw new PolicyNotFound(`No ${type} policy is in effect`)
    return policy
  }

  /** How many consents each policy has; a policy nobody consented to is absent from the map. */
  async consentCounts(): Promise<Map<string, number>> {
    const rows: Array<{ policy_id: string; total: number | string }> = await db
      .from('legal_policy_consents')
      .select('policy_id')
      .count('* as total')
      .groupBy('policy_id')
    return new Map(rows.map((row) => [row.policy_id, Number(row.total)]))
  }

  /** Publishes a new version: unique within its type and above every existing version of it. */
  async create(actor: Actor, input: NewPolicy): Promise<Policy> {
    const parts = versionPartsOf(input.version)
    return db.transaction(async (trx) => {
      const existing = await this.#lockVersionsOf(trx, input.type)
      refuseUnlessOk(checkNewVersion(parts, existing))
      const policy = await Policy.create(
        {
          type: input.type,
          title: input.title,
          content: input.content,
          version: input.version,
          versionMajor: parts[0],
          versionMinor: parts[1],
          versionPatch: parts[2],
          effectiveDate: input.effectiveDate,
          isActive: true,
          lockedAt: null,
          createdById: actor.user.id,
          updatedById: actor.user.id,
        },
        { client: trx }
      )
      await this.audit.record(trx, {
        actor,
        action: 'policy.created',
        targetType: 'policy',
        targetId: policy.id,
        before: null,
        after: auditedFields(policy),
      })
      return policy
    })
  }

  /**
   * Changes the given fields of an active policy. Content and version are frozen once anyone has
   * consented; a new version number may not pass another version of the same type. Fields given
   * with their current value are not changes, so resending a frozen field unchanged is allowed.
   */
  async update(actor: Actor, id: string, changes: PolicyChanges): Promise<Policy> {
    return db.transaction(async (trx) => {
      const policy = await this.find(id, trx)
      if (!policy.isActive) throw new PolicyInactive()

      const row: Record<string, string | number> = {}
      if (changes.title !== undefined && changes.title !== policy.title) row.title = changes.title
      if (
        changes.effectiveDate !== undefined &&
        changes.effectiveDate.toMillis() !== policy.effectiveDate.toMillis()
      ) {
        row.effective_date = toDbInstant(changes.effectiveDate)
      }
      const content = changes.content !== policy.content ? changes.content : undefined
      const version = changes.version !== policy.version ? changes.version : undefined
      const touchesFrozen = content !== undefined || version !== undefined
      if (touchesFrozen && policy.lockedAt) throw new PolicyLocked()
      if (content !== undefined) row.content = content
      if (version !== undefined) {
        const parts = versionPartsOf(version)
        const others = await this.#lockVersionsOf(trx, policy.type, policy.id)
        refuseUnlessOk(checkVersionChange(policy.versionParts, parts, others))
        Object.assign(row, {
          version,
          version_major: parts[0],
          version_minor: parts[1],
          version_patch: parts[2],
        })
      }
      if (Object.keys(row).length === 0) return policy

      // Conditional on the state read above: a concurrent deactivation or first consent that
      // committed meanwhile leaves no row to update, and the refusal says which one happened.
      const query = trx.from(Policy.table).where('id', policy.id).where('is_active', true)
      if (touchesFrozen) query.whereNull('locked_at')
      const updated = await query.update({
        ...row,
        updated_by_id: actor.user.id,
        updated_at: toDbInstant(DateTime.now()),
      })
      if (Number(updated) !== 1) {
        const fresh = await this.find(id, trx)
        throw fresh.isActive ? new PolicyLocked() : new PolicyInactive()
      }
      const updatedPolicy = await this.find(id, trx)
      await this.audit.recordUpdate(
        trx,
        actor,
        { action: 'policy.updated', targetType: 'policy', targetId: policy.id },
        auditedFields(policy),
        auditedFields(updatedPolicy)
      )
      return updatedPolicy
    })
  }

  /** Marks a policy inactive and keeps the record; an inactive policy is returned unchanged. */
  async deactivate(actor: Actor, id: string): Promise<Policy> {
    return db.transaction(async (trx) => {
      const policy = await this.find(id, trx)
      if (!policy.isActive) return policy
      const deactivated = await trx
        .from(Policy.table)
        .where('id', policy.id)
        .where('is_active', true)
        .update({
          is_active: false,
          updated_by_id: actor.user.id,
          updated_at: toDbInstant(DateTime.now()),
        })
      if (Number(deactivated) === 1) {
        await this.audit.record(trx, {
          actor,
          action: 'policy.deactivated',
          targetType: 'policy',
          targetId: policy.id,
          before: { isActive: true },
          after: { isActive: false },
        })
      }
      return this.find(id, trx)
    })
  }

  /** One policy by id, active or not; 404 for an unknown or malformed id. */
  async find(id: string, trx?: TransactionClientContract): Promise<Policy> {
    // A malformed id would make PostgreSQL reject the query; it names no policy either way.
    const policy = isUuid(id) ? await Policy.find(id, { client: trx }) : null
    if (!policy) throw new PolicyNotFound()
    return policy
  }

  /**
   * Takes the type's write turn, then reads its versions (without `exceptId`). Holding the turn
   * until commit means no other version of the type can be added or renumbered in between.
   */
  async #lockVersionsOf(
    trx: TransactionClientContract,
    type: PolicyType,
    exceptId?: string
  ): Promise<VersionParts[]> {
    const now = toDbInstant(DateTime.now())
    await trx
      .knexQuery()
      .table('legal_policy_types')
      .insert({ type, updated_at: now })
      .onConflict('type')
      .ignore()
    await trx.from('legal_policy_types').where('type', type).update({ updated_at: now })

    const query = Policy.query({ client: trx })
      .where('type', type)
      .select('id', 'version_major', 'version_minor', 'version_patch')
    if (exceptId) query.whereNot('id', exceptId)
    const rows = await query
    return rows.map((row) => row.versionParts)
  }
}
