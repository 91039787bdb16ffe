import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { parseOptionValues } from '#models/product_variant'
import { variantLabel } from '#services/catalog/variant_rules'
import config from '@adonisjs/core/services/config'
import { lowStockThreshold } from '#services/catalog/stock_service'
import { USER_TYPES, type UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import { storeTimezone } from '#support/store_time'
import { sqlTime } from '#support/sql_time'
import { fillDays, type DayFigures } from '#services/admin/daily_chart'
import { SetupChecklistService, type SetupItem } from '#services/admin/setup_checklist_service'

/**
 * Revenue, the one definition the dashboard's "Revenue today" tile and its chart share: the
 * totals (what customers were charged, shipping and tax included) of the orders placed in the
 * period, cancelled orders left out. The page prints this sentence beside both.
 */
export const REVENUE_DEFINITION =
  'Revenue: the totals of the orders placed, shipping and tax included, cancelled orders left out.'

/** The SQL of that definition, summed over the orders a query selects. */
const REVENUE_SUM = `sum(case when status = 'CANCELLED' then 0 else total_cents end)`

/** How many store-local days the chart covers, today included. */
export const CHART_DAYS = 30
/** How many of the lowest-stock products the dashboard names. */
const LOW_STOCK_LISTED = 5

/** The console dashboard's figures. */
export interface DashboardFigures {
  /** The getting-started checklist; the dashboard hides it once every step is done. */
  setup: SetupItem[]
  usersByType: Array<{ type: UserType; active: number; inactive: number; awaitingApproval: number }>
  shopsAwaitingApproval: number
  couponsActiveNow: number
  /**
   * Orders placed since midnight in the store's time zone, and their revenue (REVENUE_DEFINITION)
   * in integer cents.
   */
  ordersToday: { day: string; count: number; cancelled: number; revenueCents: number }
  currency: string
  /** The last CHART_DAYS store-local days, oldest first, today last, days without orders as zeros. */
  daily: DayFigures[]
  /** Outbox messages set aside as FAILED after their last try. */
  failedMail: number
  /**
   * Live variants (active, not deleted, of live products) with stock at or below the threshold,
   * lowest first; `name` names the variant's options.
   */
  lowStock: {
    threshold: number
    count: number
    lowest: Array<{ id: string; name: string; sku: string; shopName: string; stock: number }>
  }
}

/** Aggregates for the console dashboard, one query each. */
@inject()
export class DashboardService {
  constructor(
    protected coupons: CouponDirectoryService,
    protected setup: SetupChecklistService
  ) {}

  /** Every figure the dashboard shows. */
  async figures(): Promise<DashboardFigures> {
    const [
      usersByType,
      shopsAwaitingApproval,
      couponsActiveNow,
      ordersToday,
      daily,
      failedMail,
      lowStock,
      setup,
    ] = await Promise.all([
      this.#usersByType(),
      this.#shopsAwaitingApproval(),
      this.coupons.countActive(),
      this.#ordersToday(),
      this.daily(),
      this.#failedMail(),
      this.#lowStock(),
      this.setup.checklist(),
    ])
    return {
      setup,
      usersByType,
      shopsAwaitingApproval,
      couponsActiveNow,
      ordersToday,
      currency: config.get<string>('store.currency'),
      daily,
      failedMail,
      lowStock,
    }
  }

  /**
   * Orders placed and revenue per store-local day over the last CHART_DAYS days, summed in one
   * query. Each day runs from midnight to midnight in the store's time zone (23 or 25 hours on a
   * daylight-saving change), so the days are bucketed by instants computed here rather than by a
   * database time-zone function SQLite lacks. Revenue is REVENUE_DEFINITION; the order count
   * includes the cancelled ones, as the "Orders today" card does.
   */
  async daily(): Promise<DayFigures[]> {
    const today = DateTime.now().setZone(storeTimezone()).startOf('day')
    const starts = Array.from({ length: CHART_DAYS }, (_, index) =>
      today.minus({ days: CHART_DAYS - 1 - index })
    )
    const ends = starts.map((start) => start.plus({ days: 1 }))
    // Day bounds are whole seconds; 'down' writes them in the form the models wrote created_at.
    const bound = (instant: DateTime) => sqlTime(instant, undefined, 'down')
    const bucket = `case ${ends.map((_, index) => `when created_at < ? then ${index}`).join(' ')} end`
    const rows: Array<{ bucket: unknown; orders: unknown; revenue: unknown }> = await db
      .from('orders')
      .where('created_at', '>=', bound(starts[0]))
      .where('created_at', '<', bound(ends[ends.length - 1]))
      .select(db.raw(`${bucket} as bucket`, ends.map(bound)))
      .count('* as orders')
      .select(db.raw(`${REVENUE_SUM} as revenue`))
      .groupBy('bucket')
    const days = starts.map((start) => start.toISODate()!)
    return fillDays(
      days,
      rows.map((row) => ({
        day: days[Number(row.bucket)],
        orders: Number(row.orders),
        revenueCents: Number(row.revenue ?? 0),
      }))
    )
  }

  async #failedMail(): Promise<number> {
    const [row] = await db.from('outbox_messages').where('status', 'FAILED').count('* as total')
    return Number(row.total)
  }

  async #lowStock(): Promise<DashboardFigures['lowStock']> {
    const threshold = lowStockThreshold()
    // Per variant: a size that runs out is low on stock even when the other sizes are not.
    const live = () =>
      db
        .from('product_variants')
        .join('products', 'products.id', 'product_variants.product_id')
        .whereNull('product_variants.deleted_at')
        .where('product_variants.is_active', true)
        .whereNull('products.deleted_at')
        .where('products.is_active', true)
        .whereNull('products.taken_down_at')
        .where('product_variants.stock', '<=', threshold)
    const [[counted], lowest] = await Promise.all([
      live().count('* as total'),
      live()
        .join('shops', 'shops.id', 'products.shop_id')
        .select(
          'products.id',
          'products.name',
          'product_variants.sku',
          'product_variants.option_values',
          'product_variants.stock',
          'shops.name as shop_name'
        )
        .orderBy('product_variants.stock', 'asc')
        .orderBy('products.name', 'asc')
        .orderBy('product_variants.id', 'asc')
        .limit(LOW_STOCK_LISTED),
    ])
    return {
      threshold,
      count: Number(counted.total),
      lowest: lowest.map(
        (row: {
          id: string
          name: string
          sku: string
          option_values: string
          stock: unknown
          shop_name: string
        }) => ({
          id: row.id,
          name: variantLabel(row.name, parseOptionValues(row.option_values)),
          sku: row.sku,
          shopName: row.shop_name,
          stock: Number(row.stock),
        })
      ),
    }
  }

  async #ordersToday(): Promise<DashboardFigures['ordersToday']> {
    const start = DateTime.now().setZone(storeTimezone()).startOf('day')
    const [row] = await db
      .from('orders')
      // The chart's day bounds, in the same form, so today's tile and bar count the same orders.
      .where('created_at', '>=', sqlTime(start, undefined, 'down'))
      .where('created_at', '<', sqlTime(start.plus({ days: 1 }), undefined, 'down'))
      .count('* as count')
      .select(db.raw(`${REVENUE_SUM} as revenue`))
      .select(db.raw(`sum(case when status = 'CANCELLED' then 1 else 0 end) as cancelled`))
    return {
      day: start.toISODate()!,
      count: Number(row.count),
      cancelled: Number(row.cancelled ?? 0),
      revenueCents: Number(row.revenue ?? 0),
    }
  }

  async #usersByType(): Promise<DashboardFigures['usersByType']> {
    const rows: Array<{
      user_type: UserType
      is_active: unknown
      awaiting_approval: unknown
      total: unknown
    }> = await db
      .from('users')
      .select('user_type', 'is_active', 'awaiting_approval')
      .count('* as total')
      .groupBy('user_type', 'is_active', 'awaiting_approval')
    return USER_TYPES.map((type) => {
      const ofType = rows.filter((row) => row.user_type === type)
      const sum = (predicate: (row: (typeof rows)[number]) => boolean) =>
        ofType.filter(predicate).reduce((total, row) => total + Number(row.total), 0)
      return {
        type,
        active: sum((row) => Boolean(row.is_active)),
        awaitingApproval: sum((row) => Boolean(row.awaiting_approval)),
        inactive: sum((row) => !row.is_active && !row.awaiting_approval),
      }
    })
  }

  async #shopsAwaitingApproval(): Promise<number> {
    const [row] = await db.from('shops').where('status', ShopStatus.PENDING).count('* as total')
    return Number(row.total)
  }
}
