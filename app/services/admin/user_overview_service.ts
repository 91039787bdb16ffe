import { inject } from '@adonisjs/core'
import User from '#models/user'
import type Order from '#models/order'
import type PolicyConsent from '#models/policy_consent'
import type AdminAction from '#models/admin_action'
import { UserNotFound } from '#exceptions/account_errors'
import { OrderQueryService } from '#services/orders/order_query_service'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { isUuid } from '#support/uuid'
import type { Actor } from '#support/actor'

/** How many of a user's most recent orders and activity entries the page shows. */
export const USER_PAGE_RECENT = 10

/** Everything the console's user page shows about one account. */
export interface UserOverview {
  user: User
  orders: Order[]
  orderCount: number
  consents: PolicyConsent[]
  /** Entries the account made or that are about it; null when not asked for. */
  activity: AdminAction[] | null
}

/**
 * The console's page of one account, read through the services that own each part: the orders
 * it placed, its consent records and, for a reader allowed the audit trail, its activity.
 */
@inject()
export class UserOverviewService {
  constructor(
    protected orders: OrderQueryService,
    protected consents: PolicyConsentService,
    protected audit: AuditTrail
  ) {}

  /** One account as `actor` sees it; 404 for an unknown or malformed id. */
  async overview(
    actor: Actor,
    userId: string,
    { withActivity = false } = {}
  ): Promise<UserOverview> {
    // A malformed id would make PostgreSQL reject the query; it names no account either way.
    const user = isUuid(userId) ? await User.find(userId) : null
    if (!user) throw new UserNotFound()
    const recent = { limit: USER_PAGE_RECENT, offset: 0 }
    const [orders, consents, activity] = await Promise.all([
      this.orders.list(actor, { customerId: user.id }, recent),
      this.consents.ofAccount(user),
      withActivity ? this.audit.list({ involving: user.id }, recent) : null,
    ])
    return {
      user,
      orders: orders.items,
      orderCount: orders.total,
      consents,
      activity: activity?.items ?? null,
    }
  }
}
