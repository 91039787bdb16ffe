import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import limiter from '@adonisjs/limiter/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order, { type AddressSnapshot } from '#models/order'
import { type PaymentMethod } from '#enums/order_status'
import OrderItem from '#models/order_item'
import OrderStatusHistory from '#models/order_status_history'
import Product from '#models/product'
import Shop from '#models/shop'
import type User from '#models/user'
import type { CartLine } from '#services/cart/cart_service'
import { CartService } from '#services/cart/cart_service'
import {
  CheckoutService,
  type CheckoutInput,
  type Quote,
} from '#services/checkout/checkout_service'
import {
  IdempotencyService,
  fingerprintOf,
  type Claim,
} from '#services/checkout/idempotency_service'
import { OrderNumbers } from '#services/checkout/order_number'
import { CouponUsageService } from '#services/coupons/coupon_usage_service'
import { OrderQueryService } from '#services/orders/order_query_service'
import { OutboxService } from '#services/mail/outbox_service'
import { CartChanged } from '#exceptions/checkout_errors'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'

/** A place-order request, validated. */
export interface PlaceOrderInput extends CheckoutInput {
  paymentMethod: PaymentMethod
  notes?: string | null
  idempotencyKey: string
}

/** The orders of a placement; `replayed` when an earlier request with the key created them. */
export interface Placement {
  orders: Order[]
  replayed: boolean
}

/** Tries at a fresh order number when a random one clashes with an existing one. */
const ORDER_NUMBER_ATTEMPTS = 3

/** Placements under keys the customer has not used before: 10 a minute per customer. */
export const NEW_KEYS_PER_MINUTE = 10

const newKeys = () => limiter.use({ requests: NEW_KEYS_PER_MINUTE, duration: '1 minute' })

/**
 * Turns the customer's cart into one order per shop, all or nothing. In one transaction: the
 * cart is priced again exactly as the summary prices it, every product's stock is taken with a
 * conditional update (products in id order, so two checkouts never deadlock), the coupon use is
 * counted once, the orders are written with copies of everything they show, the cart is emptied,
 * the mails are queued in the outbox, and the idempotency key is completed. Any refusal or fault
 * rolls all of it back and frees the key for a retry.
 */
@inject()
export class OrderPlacementService {
  /**
   * The container passes every collaborator (a test swaps one with `app.container.swap` to inject
   * a race); `new OrderPlacementService()` gets the real ones.
   */
  constructor(
    protected checkout: CheckoutService,
    protected cart: CartService = new CartService(),
    protected coupons: CouponUsageService = new CouponUsageService(),
    protected keys: IdempotencyService = new IdempotencyService(),
    protected orders: OrderQueryService = new OrderQueryService(),
    protected outbox: OutboxService = new OutboxService(),
    protected orderNumbers: OrderNumbers = new OrderNumbers()
  ) {}

  /**
   * Places the customer's orders, or replays what an earlier request with the same key did. A key
   * the customer has not used before counts against 10 a minute. It is counted by the one request
   * that wins the key's claim (the unique index picks exactly one of any number sent at once),
   * before the placement's work, and the claim is given back when the count refuses; a known key
   * is never counted, so a client retrying after a timeout always gets its answer.
   */
  async place(customer: User, input: PlaceOrderInput): Promise<Placement> {
    const claim = await this.keys.claim(
      customer.id,
      input.idempotencyKey,
      fingerprintOf({
        shippingAddressId: input.shippingAddressId.toLowerCase(),
        shippingMethodId: input.shippingMethodId.toLowerCase(),
        paymentMethod: input.paymentMethod,
        couponCode: input.couponCode?.trim().toUpperCase() || null,
        notes: input.notes ?? null,
      })
    )
    if (claim.kind === 'replay') {
      return {
        orders: await this.orders.ofCheckout(customer.id, claim.checkoutId),
        replayed: true,
      }
    }
    if (claim.fresh) {
      try {
        await newKeys().consume(`place_order_${customer.id}`)
      } catch (error) {
        await this.keys.release(claim)
        throw error
      }
    }

    try {
      const orders = await db.transaction((trx) => this.#placeIn(trx, customer, input, claim))
      return { orders, replayed: false }
    } catch (error) {
      await this.keys.release(claim).catch((releaseError: unknown) => {
        // The claim goes stale and is taken over later; the client's error is the one to report.
        logger.warn({ err: releaseError }, 'could not release an idempotency key')
      })
      throw error
    }
  }

  async #placeIn(
    trx: TransactionClientContract,
    customer: User,
    input: PlaceOrderInput,
    claim: Extract<Claim, { kind: 'claimed' }>
  ): Promise<Order[]> {
    const quote = await this.checkout.quote(customer, input, trx)
    await this.#takeStock(quote.lines, trx)
    if (quote.coupon) await this.coupons.countUse(quote.coupon.id, trx)
    await this.#assertCartUnchanged(customer.id, quote.lines, trx)

    const checkoutId = randomUUID()
    await this.#recordCheckout(trx, checkoutId, customer, quote)
    const address = snapshotOf(quote)
    // One instant for the whole placement, so its orders sort together in every list.
    const placedAt = DateTime.now()
    for (const [position, shop] of quote.shops.entries()) {
      const priced = quote.pricing.orders[position]
      const order = await this.#createOrder(trx, {
        checkoutId,
        position,
        userId: customer.id,
        shopId: shop.shopId,
        shopName: shop.shopName,
        status: 'PENDING',
        paymentStatus: 'UNPAID',
        paymentMethod: input.paymentMethod,
        shippingMethodId: quote.method.id,
        shippingMethodName: quote.method.name,
        couponCode: quote.coupon?.code ?? null,
        currency: quote.currency,
        subTotalCents: priced.subTotal,
        shippingCostCents: priced.shippingCost,
        taxAmountCents: priced.taxAmount,
        discountAmountCents: priced.discountAmount,
        totalCents: priced.total,
        shippingAddress: address,
        notes: input.notes ?? null,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      await OrderItem.createMany(
        shop.lines.map((line, index) => ({
          orderId: order.id,
          position: index,
          productId: line.productId,
          name: line.name,
          sku: line.sku,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineTotalCents: line.unitPriceCents * line.quantity,
        })),
        { client: trx }
      )
      await OrderStatusHistory.create(
        {
          orderId: order.id,
          sequence: 1,
          field: 'STATUS',
          fromValue: null,
          toValue: 'PENDING',
          actorId: customer.id,
          actorType: customer.userType,
        },
        { client: trx }
      )
    }

    await this.cart.clear(customer.id, trx)
    const orders = await this.orders.ofCheckout(customer.id, checkoutId, trx)
    await this.#queueMails(trx, customer, quote, orders)
    await this.keys.complete(claim, checkoutId, trx)
    return orders
  }

  /**
   * Takes each line's quantity from its product's stock, only if that much is there and the
   * product is still on sale (active, not deleted, its shop approved and its seller an active
   * seller account): the condition and the decrement are one statement, so concurrent checkouts
   * can never sell a unit twice, nor sell a product taken off sale after the quote was read, and
   * the CHECK (stock >= 0) backs it.
   */
  async #takeStock(lines: CartLine[], trx: TransactionClientContract) {
    const byProduct = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))
    const now = sqlTime(undefined, trx)
    for (const line of byProduct) {
      const taken = await trx
        .from('products')
        .where('id', line.productId)
        .where('stock', '>=', line.quantity)
        .where('is_active', true)
        .whereNull('deleted_at')
        .whereIn(
          'shop_id',
          Shop.query({ client: trx })
            .withScopes((scopes) => scopes.selling())
            .select('shops.id')
        )
        .update({ stock: trx.knexRawQuery('stock - ?', [line.quantity]), updated_at: now })
      if (Number(taken) === 1) continue

      const product = await Product.query({ client: trx })
        .withScopes((scopes) => scopes.onSale())
        .where('products.id', line.productId)
        .first()
      if (!product) {
        throw new ProductUnavailable(`"${line.name}" is no longer available`)
      }
      throw new InsufficientStock(
        `Only ${product.stock} of "${line.name}" in stock; the cart holds ${line.quantity}`
      )
    }
  }

  /**
   * Refuses when the cart no longer holds what was priced. Two checkouts of one cart (two keys,
   * two tabs) both read it; the second one to get here waited for the first one's stock locks
   * and now sees the emptied cart, so the cart is never ordered twice.
   */
  async #assertCartUnchanged(userId: string, priced: CartLine[], trx: TransactionClientContract) {
    const signature = (lines: CartLine[]) =>
      lines
        .map((line) => `${line.productId}:${line.quantity}`)
        .sort()
        .join(',')
    const current = await this.cart.linesFor(userId, trx)
    if (signature(current) !== signature(priced)) throw new CartChanged()
  }

  async #recordCheckout(
    trx: TransactionClientContract,
    checkoutId: string,
    customer: User,
    quote: Quote
  ) {
    const now = sqlTime(undefined, trx)
    await trx.table('checkouts').insert({
      id: checkoutId,
      user_id: customer.id,
      coupon_id: quote.coupon?.id ?? null,
      coupon_code: quote.coupon?.code ?? null,
      order_count: quote.shops.length,
      open_order_count: quote.shops.length,
      sub_total_cents: quote.pricing.subTotal,
      shipping_cost_cents: quote.pricing.shippingCost,
      tax_amount_cents: quote.pricing.taxAmount,
      discount_amount_cents: quote.pricing.discountAmount,
      total_cents: quote.pricing.total,
      currency: quote.currency,
      created_at: now,
      updated_at: now,
    })
  }

  /** Creates the order under a fresh random number, in a savepoint so a clash can be retried. */
  async #createOrder(
    trx: TransactionClientContract,
    values: Omit<Partial<Order>, 'orderNumber'>
  ): Promise<Order> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await trx.transaction((savepoint) =>
          Order.create({ ...values, orderNumber: this.orderNumbers.next() }, { client: savepoint })
        )
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= ORDER_NUMBER_ATTEMPTS) throw error
      }
    }
  }

  /** A confirmation for the customer and a new-order notice for each shop's seller. */
  async #queueMails(trx: TransactionClientContract, customer: User, quote: Quote, orders: Order[]) {
    const shops = await Shop.query({ client: trx })
      .whereIn(
        'id',
        orders.map((order) => order.shopId)
      )
      .preload('seller')
    const sellerOf = new Map(shops.map((shop) => [shop.id, shop.seller]))
    const summaries = orders.map((order) => mailSummaryOf(order))

    await this.outbox.enqueue(trx, 'order_confirmation', {
      email: customer.email,
      checkoutId: orders[0].checkoutId,
      currency: quote.currency,
      shippingMethodName: quote.method.name,
      shippingAddress: snapshotOf(quote),
      orders: summaries,
      totalCents: quote.pricing.total,
    })
    for (const [index, order] of orders.entries()) {
      const seller = sellerOf.get(order.shopId)
      if (!seller) continue
      await this.outbox.enqueue(trx, 'new_order', {
        email: seller.email,
        currency: order.currency,
        paymentMethod: order.paymentMethod,
        shippingMethodName: order.shippingMethodName,
        shippingAddress: order.shippingAddress,
        notes: order.notes,
        order: summaries[index],
      })
    }
  }
}

/** The address as the orders keep it. */
function snapshotOf(quote: Quote): AddressSnapshot {
  const { address } = quote
  return {
    fullName: address.fullName,
    phone: address.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
  }
}

/** What both mails show of one order, in cents. */
function mailSummaryOf(order: Order) {
  return {
    orderNumber: order.orderNumber,
    shopName: order.shopName,
    items: order.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.lineTotalCents,
    })),
    subTotalCents: order.subTotalCents,
    shippingCostCents: order.shippingCostCents,
    taxAmountCents: order.taxAmountCents,
    discountAmountCents: order.discountAmountCents,
    totalCents: order.totalCents,
  }
}
