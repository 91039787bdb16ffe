import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Order from '#models/order'
import { type OrderStatus } from '#enums/order_status'
import type User from '#models/user'
import { UserType } from '#enums/user_type'
import { OrderNotFound } from '#exceptions/order_errors'
import { sqlTime } from '#support/sql_time'
import { containsPattern } from '#support/sql_like'
import { normalizeEmail } from '#support/email_address'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import type { Actor } from '#support/actor'

type OrderQuery = ModelQueryBuilderContract<typeof Order>

/** Filters of the order lists; each list accepts a subset. */
export interface OrderFilters {
  status?: OrderStatus
  shopId?: string
  /** Placed by this customer (the console's user page). */
  customerId?: string
  /** Placed at or after this instant. */
  from?: DateTime
  /** Placed strictly before this instant. */
  until?: DateTime
  /** Part of the order number, any case. */
  orderNumber?: string
  /** Part of the customer's e-mail, any case. */
  customerEmail?: string
}

/** What a read loads beside the order, its items and (for one order) its history. */
export interface OrderReadOptions {
  /** The customer's e-mail and, for one order, the e-mail of whoever made each change. */
  withPeople?: boolean
  client?: QueryClientContract
}

const emailOnly = (users: ModelQueryBuilderContract<typeof User>) => users.select('id', 'email')

/**
 * Restricts a query to the orders `actor` may see: a customer its own, a seller those of its
 * shops, an admin all. Applied in SQL, so an order outside the scope is simply not found.
 */
export function visibleTo(query: OrderQuery, actor: User): OrderQuery {
  if (actor.userType === UserType.CUSTOMER) return query.where('orders.user_id', actor.id)
  if (actor.userType === UserType.SELLER) {
    return query.whereIn('orders.shop_id', (shops) =>
      shops.from('shops').select('shops.id').where('shops.seller_id', actor.id)
    )
  }
  if (actor.userType === UserType.ADMIN || actor.userType === UserType.SUPER_ADMIN) return query
  return query.whereRaw('1 = 0')
}

/** Reads of placed orders, always within what the reader may see. */
export class OrderQueryService {
  /** A page of the orders `actor` may see, newest first, with their items. */
  async list(
    actor: Actor,
    filters: OrderFilters,
    page: PageRequest,
    { withPeople = false }: OrderReadOptions = {}
  ): Promise<PageResult<Order>> {
    const query = visibleTo(Order.query(), actor.user)
    if (filters.status) query.where('orders.status', filters.status)
    if (filters.shopId) query.where('orders.shop_id', filters.shopId)
    if (filters.customerId) query.where('orders.user_id', filters.customerId)
    if (filters.from)
      query.where('orders.created_at', '>=', sqlTime(filters.from, undefined, 'down'))
    if (filters.until)
      query.where('orders.created_at', '<', sqlTime(filters.until, undefined, 'up'))
    if (filters.orderNumber) {
      const pattern = containsPattern(filters.orderNumber.toUpperCase())
      query.whereRaw(`orders.order_number like ? escape '\\'`, [pattern])
    }
    if (filters.customerEmail) {
      const pattern = containsPattern(normalizeEmail(filters.customerEmail))
      query.whereIn('orders.user_id', (users) =>
        users.from('users').select('users.id').whereRaw(`users.email like ? escape '\\'`, [pattern])
      )
    }
    return pageOf(query, page, (slice) => {
      slice
        .preload('items', (items) => items.orderBy('position', 'asc'))
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.checkout_id', 'asc')
        .orderBy('orders.position', 'asc')
      if (withPeople) slice.preload('user', emailOnly)
    })
  }

  /** One order `actor` may see, with its items and status history, or a 404. */
  async find(
    actor: Actor,
    id: string,
    { withPeople = false, client }: OrderReadOptions = {}
  ): Promise<Order> {
    const query = visibleTo(Order.query({ client }), actor.user)
      .where('orders.id', id)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .preload('statusHistory', (history) => {
        history.orderBy('sequence', 'asc')
        if (withPeople) history.preload('actor', emailOnly)
      })
    if (withPeople) query.preload('user', emailOnly)
    const order = await query.first()
    if (!order) throw new OrderNotFound()
    return order
  }

  /** The orders of one of the customer's checkouts, in checkout order, with their items. */
  async ofCheckout(
    customerId: string,
    checkoutId: string,
    client?: QueryClientContract
  ): Promise<Order[]> {
    return Order.query({ client })
      .where('checkout_id', checkoutId)
      .where('user_id', customerId)
      .preload('items', (items) => items.orderBy('position', 'asc'))
      .orderBy('position', 'asc')
  }
}
