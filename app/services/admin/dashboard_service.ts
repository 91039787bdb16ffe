import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import config from '@adonisjs/core/services/config'
import { USER_TYPES, type UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import { storeTimezone } from '#support/store_time'
import { sqlTime } from '#support/sql_time'

/** The console dashboard's figures. */
export interface DashboardFigures {
  usersByType: Array<{ type: UserType; active: number; inactive: number; awaitingApproval: number }>
  shopsAwaitingApproval: number
  couponsActiveNow: number
  /** Orders placed since midnight in the store's time zone; the total in integer cents. */
  ordersToday: { day: string; count: number; cancelled: number; totalCents: number }
  currency: string
}

/** Aggregates for the console dashboard, one query each. */
@inject()
export class DashboardService {
  constructor(protected coupons: CouponDirectoryService) {}

  /** Every figure the dashboard shows. */
  async figures(): Promise<DashboardFigures> {
    const [usersByType, shopsAwaitingApproval, couponsActiveNow, ordersToday] = await Promise.all([
      this.#usersByType(),
      this.#shopsAwaitingApproval(),
      this.coupons.countActive(),
      this.#ordersToday(),
    ])
    return {
      usersByType,
      shopsAwaitingApproval,
      couponsActiveNow,
      ordersToday,
      currency: config.get<string>('store.currency'),
    }
  }

  async #ordersToday(): Promise<DashboardFigures['ordersToday']> {
    const start = DateTime.now().setZone(storeTimezone()).startOf('day')
    const [row] = await db
      .from('orders')
      .where('created_at', '>=', sqlTime(start))
      .where('created_at', '<', sqlTime(start.plus({ days: 1 })))
      .count('* as count')
      .sum('total_cents as total')
      .select(db.raw(`sum(case when status = 'CANCELLED' then 1 else 0 end) as cancelled`))
    return {
      day: start.toISODate()!,
      count: Number(row.count),
      cancelled: Number(row.cancelled ?? 0),
      totalCents: Number(row.total ?? 0),
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
