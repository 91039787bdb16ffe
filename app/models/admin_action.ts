import type { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { UuidModel } from '#models/uuid_model'
import User from '#models/user'

/** The kinds of record an administrative change is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'policy',
  'coupon',
  'shop',
  'order',
  'tax_rate',
  'shipping_method',
  'product',
  'webhook_endpoint',
  'api_key',
  'payout',
  'category',
] as const
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

/** Every action the audit trail records. */
export const AUDIT_ACTIONS = [
  'user.activated',
  'user.deactivated',
  'user.type_changed',
  'user.exported',
  'user.erased',
  'policy.created',
  'policy.updated',
  'policy.deactivated',
  'coupon.created',
  'coupon.updated',
  'coupon.deleted',
  'shop.approved',
  'shop.suspended',
  'shop.commission_changed',
  'shop.ledger_adjusted',
  'shop.stripe_account_changed',
  'payout.paid',
  'payout.failed',
  'order.status_changed',
  'order.payment_changed',
  'order.refunded',
  'order.return_changed',
  'tax_rate.created',
  'tax_rate.updated',
  'tax_rate.deleted',
  'shipping_method.created',
  'shipping_method.updated',
  'shipping_method.deleted',
  // Recorded by the console before takedowns replaced them; kept so those entries stay readable.
  'product.activated',
  'product.deactivated',
  'product.taken_down',
  'product.restored',
  // An administrator's edits in the console (docs/api/console.md, "Products").
  'product.updated',
  'product.variant_added',
  'product.variant_updated',
  'product.variant_deleted',
  'product.image_added',
  'product.images_reordered',
  'product.image_deleted',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.deleted',
  'api_key.created',
  'api_key.revoked',
  'category.created',
  'category.updated',
  'category.deleted',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** The changed fields of a target, before and after (`before` is null for a creation). */
export interface AuditChanges {
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** One administrative change: who, what, on which record, from where and when. */
export default class AdminAction extends UuidModel {
  static table = 'admin_actions'

  /** Null once the acting account no longer exists. */
  @column()
  declare actorId: string | null

  @column()
  declare action: AuditAction

  @column()
  declare targetType: AuditTargetType

  @column()
  declare targetId: string

  /** PostgreSQL hands JSON back parsed, SQLite as text. */
  @column({
    prepare: (value: AuditChanges) => JSON.stringify(value),
    consume: (value: string | AuditChanges) =>
      typeof value === 'string' ? (JSON.parse(value) as AuditChanges) : value,
  })
  declare changes: AuditChanges

  @column()
  declare clientAddress: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** The administrator who made the change; absent once that account is gone. */
  @belongsTo(() => User, { foreignKey: 'actorId' })
  declare actor: BelongsTo<typeof User>
}
