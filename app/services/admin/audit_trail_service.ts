import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AdminAction, {
  type AuditAction,
  type AuditChanges,
  type AuditTargetType,
} from '#models/admin_action'
import type { Actor } from '#support/actor'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'

/** One administrative change, as the service that made it describes it. */
export interface AuditEntry {
  /** Who made it, and the address of their request (null from the command line). */
  actor: Actor
  action: AuditAction
  targetType: AuditTargetType
  targetId: string
  /** The changed fields before the change; null or absent for a creation. */
  before?: Record<string, unknown> | null
  /** The same fields after the change; null for a deletion that leaves nothing to show. */
  after?: Record<string, unknown> | null
}

/** What the activity lists may be narrowed to; every field is optional. */
export interface AuditFilter {
  actorId?: string
  action?: AuditAction
  targetType?: AuditTargetType
  targetId?: string
  /** Inclusive lower bound of `created_at`. */
  from?: DateTime
  /** Exclusive upper bound of `created_at`. */
  to?: DateTime
  /** Entries the account made or that are about the account (its console page). */
  involving?: string
}

/**
 * The audit trail of administrative changes. `record` is called by the service that makes the
 * change, with that change's transaction, so an entry exists exactly when the change committed.
 */
export class AuditTrail {
  async record(trx: TransactionClientContract, entry: AuditEntry): Promise<AdminAction> {
    return AdminAction.create(
      {
        actorId: entry.actor.user.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        changes: { before: plain(entry.before), after: plain(entry.after) },
        clientAddress: entry.actor.clientAddress,
      },
      { client: trx }
    )
  }

  /**
   * Records an update by `actor` when it changed any of the audited fields (`changedFields` of
   * `before` and `after`), with only those fields; records nothing when none changed or when no
   * administrator is behind it (null).
   */
  async recordUpdate(
    trx: TransactionClientContract,
    actor: Actor | null,
    target: Pick<AuditEntry, 'action' | 'targetType' | 'targetId'>,
    before: Record<string, unknown>,
    after: Record<string, unknown>
  ): Promise<void> {
    const changed = changedFields(before, after)
    if (actor && changed) await this.record(trx, { actor, ...target, ...changed })
  }

  /** Entries matching `filter`, newest first, each with its actor's id and e-mail. */
  async list(filter: AuditFilter, page: PageRequest): Promise<PageResult<AdminAction>> {
    const query = AdminAction.query()
    if (filter.actorId) query.where('actor_id', filter.actorId)
    if (filter.action) query.where('action', filter.action)
    if (filter.targetType) query.where('target_type', filter.targetType)
    if (filter.targetId) query.where('target_id', filter.targetId)
    if (filter.from) query.where('created_at', '>=', sqlTime(filter.from, undefined, 'down'))
    if (filter.to) query.where('created_at', '<', sqlTime(filter.to, undefined, 'up'))
    const involving = filter.involving
    if (involving) {
      query.where((either) =>
        either
          .where('actor_id', involving)
          .orWhere((about) => about.where('target_type', 'user').where('target_id', involving))
      )
    }
    return pageOf(query, page, (slice) => {
      slice
        .orderBy('created_at', 'desc')
        .orderBy('id', 'asc')
        .preload('actor', (actor) => actor.select('id', 'email'))
    })
  }
}

/**
 * The fields of `before` and `after` whose values differ, each side keeping only those; `null`
 * when nothing changed. Instants compare and are kept as ISO 8601 UTC text.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>
): AuditChanges | null {
  const was: Record<string, unknown> = {}
  const is: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    const from = jsonValue(before[key])
    const to = jsonValue(after[key])
    if (sameValue(from, to)) continue
    was[key] = from
    is[key] = to
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is }
}

function plain(fields: Record<string, unknown> | null | undefined) {
  if (!fields) return null
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, jsonValue(value)]))
}

/** Equal values, lists and objects compared by their JSON (a product's category ids). */
function sameValue(from: unknown, to: unknown): boolean {
  if (from === to) return true
  if (typeof from !== 'object' || typeof to !== 'object' || from === null || to === null) {
    return false
  }
  return JSON.stringify(from) === JSON.stringify(to)
}

function jsonValue(value: unknown): unknown {
  if (value instanceof DateTime) return value.toUTC().toISO()
  return value ?? null
}
