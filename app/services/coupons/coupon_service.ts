import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Coupon from '#models/coupon'
import type { FieldMessage } from '#exceptions/domain_error'
import { ValidationFailed } from '#exceptions/common_errors'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import {
  CouponCodeExists,
  CouponNotFound,
  CouponUsageLimitBelowCount,
} from '#exceptions/coupon_errors'
import { couponAvailability, type Instant } from '#services/coupons/coupon_rules'
import { COUPON_PERCENT } from '#support/percent'
import { type DiscountType } from '#enums/discount_type'
import { snapshotOf } from '#services/coupons/coupon_usage_service'
import { affectedRows } from '#services/coupons/affected_rows'
import { CouponGuessLimiter } from '#services/coupons/coupon_guess_limiter'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'
import type { CouponFunding } from '#enums/ledger'

/** A new coupon. Amounts in cents; a PERCENTAGE value in hundredths of a percent. */
export interface CouponInput {
  code: string
  discountType: DiscountType
  discountValue: number
  minOrderAmount?: number
  maxDiscountAmount?: number | null
  startDate: DateTime
  endDate: DateTime
  usageLimit?: number | null
  isActive?: boolean
  /** Who bears the discount; MARKETPLACE when absent (docs/api/ledger.md). */
  fundedBy?: CouponFunding
}

/** A partial update: only the fields present change. */
export type CouponChanges = Partial<CouponInput>

/** One page of live coupons. */
export interface CouponPage {
  coupons: Coupon[]
  total: number
}

/** The fields of a coupon an administrator sets, as the audit trail shows them. */
function auditedFields(coupon: Coupon): Record<string, unknown> {
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    minOrderAmount: coupon.minOrderAmount,
    maxDiscountAmount: coupon.maxDiscountAmount,
    startDate: coupon.startDate,
    endDate: coupon.endDate,
    usageLimit: coupon.usageLimit,
    isActive: coupon.isActive,
    fundedBy: coupon.fundedBy,
  }
}

/**
 * Admin management of coupons and the customer lookup by code. Every write by `actor.user` is
 * recorded in the audit trail within its own transaction, with the request's client address.
 */
@inject()
export class CouponService {
  constructor(
    protected guesses: CouponGuessLimiter,
    protected audit: AuditTrail
  ) {}

  /** Creates a coupon; a live coupon with the same code (any case) is a 409. */
  async create(actor: Actor, input: CouponInput): Promise<Coupon> {
    assertCoherent(input)
    return db.transaction(async (trx) => {
      const coupon = new Coupon().merge({
        code: input.code.toUpperCase(),
        discountType: input.discountType,
        discountValue: input.discountValue,
        minOrderAmount: input.minOrderAmount ?? 0,
        maxDiscountAmount: input.maxDiscountAmount ?? null,
        startDate: input.startDate,
        endDate: input.endDate,
        usageLimit: input.usageLimit ?? null,
        usageCount: 0,
        isActive: input.isActive ?? true,
        fundedBy: input.fundedBy ?? 'MARKETPLACE',
        deletedAt: null,
      })
      coupon.useTransaction(trx)
      await saveWithUniqueCode(coupon)
      await this.audit.record(trx, {
        actor,
        action: 'coupon.created',
        targetType: 'coupon',
        targetId: coupon.id,
        before: null,
        after: auditedFields(coupon),
      })
      return coupon
    })
  }

  /** Live coupons, newest first. */
  async list(limit: number, offset: number): Promise<CouponPage> {
    const [coupons, counted] = await Promise.all([
      Coupon.query()
        .withScopes((scopes) => scopes.notDeleted())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'asc')
        .limit(limit)
        .offset(offset),
      db.from('coupons').whereNull('deleted_at').count('* as total').first(),
    ])
    return { coupons, total: Number(counted?.total ?? 0) }
  }

  /**
   * Applies a partial update. Rules that span fields (end after start, a percentage at most 100)
   * are checked on the merged coupon; a usage limit below the uses already counted is a 409.
   */
  async update(actor: Actor, id: string, changes: CouponChanges): Promise<Coupon> {
    return db.transaction(async (trx) => {
      // The first write both checks the new limit against the current count and locks the row
      // (PostgreSQL) or the database (SQLite), so the merged checks below read values that
      // neither checkout nor another admin can change before this transaction ends. It leaves
      // the limit as it is: the save below writes it, so the row read next is the "before".
      const newLimit = changes.usageLimit
      const guard = trx.from('coupons').where('id', id).whereNull('deleted_at')
      if (typeof newLimit === 'number') guard.where('usage_count', '<=', newLimit)
      const locked = await guard.update({ usage_limit: db.raw('usage_limit') })

      const coupon = await Coupon.query({ client: trx })
        .withScopes((scopes) => scopes.notDeleted())
        .where('id', id)
        .first()
      if (!coupon) throw new CouponNotFound()
      if (affectedRows(locked) === 0) {
        throw new CouponUsageLimitBelowCount(
          `usageLimit cannot be lower than the ${coupon.usageCount} uses already counted`
        )
      }

      const present = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined)
      ) as CouponChanges
      if (present.code !== undefined) present.code = present.code.toUpperCase()
      const before = auditedFields(coupon)
      coupon.merge(present)
      assertCoherent(coupon)
      await saveWithUniqueCode(coupon)
      await this.audit.recordUpdate(
        trx,
        actor,
        { action: 'coupon.updated', targetType: 'coupon', targetId: coupon.id },
        before,
        auditedFields(coupon)
      )
      return coupon
    })
  }

  /**
   * Deletes softly: orders keep pointing at the row, while lists, lookups and checkout stop
   * seeing it and its code becomes free again. Deleting twice is a 404.
   */
  async delete(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (trx) => {
      const now = DateTime.now()
      const at = sqlTime(now, trx)
      const deleted = await Coupon.query({ client: trx })
        .where('id', id)
        .whereNull('deleted_at')
        .update({ deleted_at: at, updated_at: at })
      if (affectedRows(deleted) === 0) throw new CouponNotFound()
      await this.audit.record(trx, {
        actor,
        action: 'coupon.deleted',
        targetType: 'coupon',
        targetId: id,
        before: { deletedAt: null },
        after: { deletedAt: now },
      })
    })
  }

  /**
   * The coupon the actor may use right now. Unknown, deleted, inactive, not started, expired and
   * used-up codes all get the same 404, so the answer reveals nothing about codes that exist. A
   * code that matches no coupon counts against the actor's guess limit.
   */
  async lookup(actor: Actor, code: string, now: Instant = Date.now()): Promise<Coupon> {
    await this.guesses.consume(actor)
    const coupon = await Coupon.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('code', code.trim().toUpperCase())
      .first()
    if (coupon) await this.guesses.refund(actor)
    if (!coupon || !couponAvailability(snapshotOf(coupon).terms, now).ok) {
      throw new CouponNotFound()
    }
    return coupon
  }
}

/** Cross-field rules, on a new coupon or on an existing one with the changes merged in. */
function assertCoherent(coupon: {
  discountType: DiscountType
  discountValue: number
  startDate: DateTime
  endDate: DateTime
}) {
  const fields: FieldMessage[] = []
  if (coupon.discountType === 'PERCENTAGE' && coupon.discountValue > COUPON_PERCENT.whole) {
    fields.push({
      field: 'discountValue',
      message: 'The discountValue field of a PERCENTAGE coupon must be at most 100',
    })
  }
  if (coupon.endDate.toMillis() <= coupon.startDate.toMillis()) {
    fields.push({ field: 'endDate', message: 'The endDate field must be after startDate' })
  }
  if (fields.length) throw new ValidationFailed(undefined, { fields })
}

/** The partial unique index of the coupons migration: one live coupon per code. */
const LIVE_CODE_INDEX = { name: 'coupons_code_live_unique', table: 'coupons', columns: ['code'] }

/** Saves, turning a clash on the live-code unique index into a 409, race or not. */
async function saveWithUniqueCode(coupon: Coupon) {
  try {
    await coupon.save()
  } catch (error) {
    if (isUniqueViolation(error, LIVE_CODE_INDEX)) throw new CouponCodeExists()
    throw error
  }
}
