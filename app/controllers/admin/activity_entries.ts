import { DateTime } from 'luxon'
import type AdminAction from '#models/admin_action'
import type { AuditTargetType } from '#models/admin_action'
import type { DiscountType } from '#enums/discount_type'
import { centsToAmount } from '#support/money'
import { COUPON_PERCENT, TAX_RATE, type PercentScale } from '#support/percent'

/** One changed field of an audit entry, both sides as text. */
interface ChangedField {
  field: string
  before: string
  after: string
}

/** An audit entry as the console's activity tables show it (`components/activity_table`). */
export interface ActivityRow {
  id: string
  at: string
  actorId: string | null
  actorEmail: string | null
  action: string
  targetType: string
  targetId: string
  clientAddress: string | null
  changes: ChangedField[]
}

/** What the values of an entry need besides themselves to read as an operator reads them. */
export interface ActivityContext {
  /** The store's time zone: every instant is shown in it. */
  timezone: string
  /** The store's currency, written after every amount. */
  currency: string
  /**
   * The discount type of each coupon named by an entry that does not itself record it (an update
   * of the value alone), as `CouponDirectoryService.discountTypesOf` reads it.
   */
  couponTypes?: ReadonlyMap<string, DiscountType>
}

/**
 * How a recorded field is stored, by target type: the audit trail keeps the stored values
 * (cents, fixed-point percents, UTC instants); the table writes them in the units of the forms.
 */
type FieldKind = 'money' | 'instant' | 'taxRate' | 'couponValue'

const FIELD_KINDS: Partial<Record<AuditTargetType, Record<string, FieldKind>>> = {
  coupon: {
    discountValue: 'couponValue',
    minOrderAmount: 'money',
    maxDiscountAmount: 'money',
    startDate: 'instant',
    endDate: 'instant',
  },
  shipping_method: { priceCents: 'money', deletedAt: 'instant' },
  tax_rate: { rate: 'taxRate' },
  policy: { effectiveDate: 'instant' },
  product: { takenDownAt: 'instant', priceCents: 'money' },
}

/** The coupon discount types the entries need looked up: coupons whose entry lacks the type. */
export function couponsWithoutType(entries: AdminAction[]): string[] {
  return entries
    .filter((entry) => entry.targetType === 'coupon')
    .filter((entry) => {
      const fields = { ...entry.changes.before, ...entry.changes.after }
      return 'discountValue' in fields && !('discountType' in fields)
    })
    .map((entry) => entry.targetId)
}

function percent(units: number, scale: PercentScale): string {
  return `${Number((units / scale.perPercent).toFixed(3))} %`
}

function shown(
  value: unknown,
  kind: FieldKind | undefined,
  discountType: unknown,
  context: ActivityContext
): string {
  if (value === undefined || value === null) return '—'
  if (kind === 'money' && typeof value === 'number') {
    return `${centsToAmount(value).toFixed(2)} ${context.currency}`
  }
  if (kind === 'couponValue' && typeof value === 'number') {
    if (discountType === 'PERCENTAGE') return percent(value, COUPON_PERCENT)
    if (discountType === 'FIXED') return `${centsToAmount(value).toFixed(2)} ${context.currency}`
  }
  if (kind === 'taxRate' && typeof value === 'number') return percent(value, TAX_RATE)
  if (kind === 'instant' && typeof value === 'string') {
    const instant = DateTime.fromISO(value, { zone: 'utc' })
    if (instant.isValid) return instant.setZone(context.timezone).toFormat('yyyy-MM-dd HH:mm:ss')
  }
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * Entries as table rows: times in the store's zone, each changed field on a line of its own,
 * amounts as money, percents as percents and instants in the store's zone.
 */
export function activityRows(entries: AdminAction[], context: ActivityContext): ActivityRow[] {
  return entries.map((entry) => {
    const before = entry.changes.before ?? {}
    const after = entry.changes.after ?? {}
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    const kinds = FIELD_KINDS[entry.targetType] ?? {}
    const storedType = context.couponTypes?.get(entry.targetId)
    return {
      id: entry.id,
      at: entry.createdAt.setZone(context.timezone).toFormat('yyyy-MM-dd HH:mm:ss'),
      actorId: entry.actorId,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      clientAddress: entry.clientAddress,
      changes: fields.map((field) => ({
        field,
        before: shown(before[field], kinds[field], before.discountType ?? storedType, context),
        after: shown(after[field], kinds[field], after.discountType ?? storedType, context),
      })),
    }
  })
}
