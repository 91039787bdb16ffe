import db from '@adonisjs/lucid/services/db'
import { USER_TYPES, type UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'

/** The console dashboard's figures. */
export interface DashboardFigures {
  usersByType: Array<{ type: UserType; active: number; inactive: number; awaitingApproval: number }>
  shopsAwaitingApproval: number
  couponsActiveNow: number
}

/** Aggregates for the console dashboard, one query each. */
export class DashboardService {
  /** Every figure the dashboard shows. */
  async figures(): Promise<DashboardFigures> {
    const [usersByType, shopsAwaitingApproval, couponsActiveNow] = await Promise.all([
      this.#usersByType(),
      this.#shopsAwaitingApproval(),
      new CouponDirectoryService().countActive(),
    ])
    return { usersByType, shopsAwaitingApproval, couponsActiveNow }
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
