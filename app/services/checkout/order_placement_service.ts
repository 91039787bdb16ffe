import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Checkout from '#models/checkout'
import Order from '#models/order'
import { type PaymentMethod } from '#enums/order_status'
import OrderItem from '#models/order_item'
import OrderStatusHistory from '#models/order_status_history'
import type User from '#models/user'
import OrderConfirmationMail from '#mails/order_confirmation_mail'
import OrderReceivedMail from '#mails/order_received_mail'
import {
  insertModels,
  insertModelsUnlessTaken,
  insertValuesOf,
  storedInstant,
  writeBatch,
  type PendingWrite,
} from '#queries/write_batch'
import { emptyCartReturningLines, type HeldLine } from '#queries/cart_items'
import { StockService, lowStockThreshold } from '#services/catalog/stock_service'
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
import { OutboxService, type OutboxMail } from '#services/mail/outbox_service'
import { lowStockEvent, orderEvent } from '#services/integrations/webhook_events'
import { CartChanged } from '#exceptions/checkout_errors'
import Payment from '#models/payment'
import {
  PaymentService,
  checkoutIdFor,
  type OpenedIntent,
} from '#services/payments/payment_service'
import type { Actor } from '#support/actor'
import { orderMoney } from '#services/ledger/commission'
import { defaultCommissionRate } from '#services/ledger/ledger_account_service'

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

type Outcome = { kind: 'placed'; orders: Order[] } | { kind: 'replay'; checkoutId: string }

/**
 * Turns the customer's cart into one order per shop, all or nothing, in one transaction that
 * costs few round trips and holds the hot rows briefly: the idempotency key is claimed, the cart
 * is priced again exactly as the summary prices it (its seller e-mails read with it), the
 * checkout, orders, items, history and mails are written from what the placement already holds
 * (a handful of multi-row statements, batched into one on PostgreSQL), the cart is emptied, the
 * coupon use counted, the key completed, and the stock taken last, so a product's row stays
 * locked only until the commit that follows (one round trip more only when the stock taken
 * crosses the low-stock threshold: its `product.low_stock` events). Any refusal or fault rolls all of it back, the
 * key's claim included, so the client may retry with the same key.
 */
@inject()
export class OrderPlacementService {
  /** The container passes every collaborator; a test swaps one with `app.container.swap`. */
  constructor(
    protected checkout: CheckoutService,
    protected stock: StockService,
    protected coupons: CouponUsageService,
    protected keys: IdempotencyService,
    protected orders: OrderQueryService,
    protected orderNumbers: OrderNumbers,
    protected outbox: OutboxService,
    protected payments: PaymentService
  ) {}

  /**
   * Places the customer's orders, or replays what an earlier request with the same key did. A key
   * the customer has not used before counts against 10 a minute. It is counted by the one request
   * that wins the key's claim (the unique index picks exactly one of any number sent at once),
   * before the placement's work, and the claim is rolled back when the count refuses; a known key
   * is never counted, so a client retrying after a timeout always gets its answer.
   */
  async place(actor: Actor, input: PlaceOrderInput): Promise<Placement> {
    const customer = actor.user
    const fingerprint = fingerprintOf({
      shippingAddressId: input.shippingAddressId.toLowerCase(),
      shippingMethodId: input.shippingMethodId.toLowerCase(),
      paymentMethod: input.paymentMethod,
      couponCode: input.couponCode?.trim().toUpperCase() || null,
      notes: input.notes ?? null,
    })
    this.payments.assertAccepted(input.paymentMethod)
    const opened = this.payments.collectsOnline(input.paymentMethod)
      ? await this.#openIntent(actor, input, fingerprint)
      : null
    if (opened && 'replayOf' in opened) {
      return { orders: await this.orders.ofCheckout(customer.id, opened.replayOf), replayed: true }
    }
    const outcome = await db.transaction(async (trx): Promise<Outcome> => {
      const claim = await this.keys.claim(trx, customer.id, input.idempotencyKey, fingerprint)
      if (claim.kind === 'replay') return claim
      if (claim.fresh) await newKeys().consume(`place_order_${customer.id}`)
      return { kind: 'placed', orders: await this.#placeIn(trx, actor, input, claim, opened) }
    })
    if (outcome.kind === 'placed') return { orders: outcome.orders, replayed: false }
    // Read once the transaction has ended: on SQLite it holds the only connection.
    return { orders: await this.orders.ofCheckout(customer.id, outcome.checkoutId), replayed: true }
  }

  /**
   * The provider's part of a card placement, before its transaction, so a slow or failing
   * provider never holds a row lock (docs/api/payments.md): the key is looked up first (a
   * replay opens nothing), the cart is priced as the transaction will price it, and the intent
   * is opened for the checkout id the key and request stand for, under an idempotency key
   * derived from it. A provider failure (503) has written nothing, so the client's retry with
   * the same key opens the same intent. When the transaction then refuses (the cart changed, the
   * stock ran out), the intent stays unconfirmed at the provider: its client secret was never
   * handed out, so it can never be paid.
   */
  async #openIntent(
    actor: Actor,
    input: PlaceOrderInput,
    fingerprint: string
  ): Promise<OpenedIntent | { replayOf: string }> {
    const earlier = await this.keys.completedCheckout(
      actor.user.id,
      input.idempotencyKey,
      fingerprint
    )
    if (earlier) return { replayOf: earlier }
    const checkoutId = checkoutIdFor(actor.user.id, input.idempotencyKey, fingerprint)
    // The key's record was pruned, but this very request was placed: answer it again.
    if (await Checkout.find(checkoutId)) return { replayOf: checkoutId }
    const quote = await this.checkout.quote(actor, input)
    return this.payments.openForPlacement(checkoutId, quote.pricing.total, quote.currency)
  }

  async #placeIn(
    trx: TransactionClientContract,
    actor: Actor,
    input: PlaceOrderInput,
    claim: Extract<Claim, { kind: 'claimed' }>,
    opened: OpenedIntent | null
  ): Promise<Order[]> {
    const customer = actor.user
    const quote = await this.checkout.quote(actor, input, trx)
    // The cart changed between the intent and the transaction: the intent is for another sum.
    if (opened && (opened.amount !== quote.pricing.total || opened.currency !== quote.currency)) {
      throw new CartChanged()
    }
    // One instant for the whole placement, so its orders sort together in every list, kept as
    // the database keeps it, so the orders answered are the ones stored.
    const placedAt = storedInstant(trx, DateTime.now())
    const checkout = new Checkout().merge({
      id: opened?.checkoutId ?? randomUUID(),
      userId: customer.id,
      couponId: quote.coupon?.id ?? null,
      couponCode: quote.coupon?.code ?? null,
      orderCount: quote.shops.length,
      openOrderCount: quote.shops.length,
      subTotalCents: quote.pricing.subTotal,
      shippingCostCents: quote.pricing.shippingCost,
      taxAmountCents: quote.pricing.taxAmount,
      discountAmountCents: quote.pricing.discountAmount,
      totalCents: quote.pricing.total,
      currency: quote.currency,
      createdAt: placedAt,
      updatedAt: placedAt,
    })
    const orders = ordersOf(quote, customer, input, checkout.id, placedAt)
    const payment = this.payments.paymentOf({
      checkoutId: checkout.id,
      userId: customer.id,
      method: input.paymentMethod,
      amount: quote.pricing.total,
      currency: quote.currency,
      opened,
      at: placedAt,
    })

    for (const [position, order] of orders.entries()) {
      const first = position === 0 ? [insertModels(trx, Checkout, [checkout])] : []
      await this.#insertOrder(trx, order, first)
    }
    const mails: OutboxMail[] = [
      {
        kind: 'order_confirmation',
        payload: { ...OrderConfirmationMail.payloadOf(customer.email, orders, checkout) },
      },
      ...orders.map((order, position) => ({
        kind: 'new_order' as const,
        payload: { ...OrderReceivedMail.payloadOf(quote.shops[position].sellerEmail, order) },
      })),
    ]
    const cleared = await writeBatch(
      trx,
      [
        insertModels(
          trx,
          OrderItem,
          orders.flatMap((order) => order.items)
        ),
        insertModels(trx, Payment, [payment]),
        insertValuesOf(
          trx,
          OrderStatusHistory,
          orders.map((order) =>
            new OrderStatusHistory().merge({
              id: randomUUID(),
              orderId: order.id,
              sequence: 1,
              field: 'STATUS',
              fromValue: null,
              toValue: 'PENDING',
              actorId: customer.id,
              actorType: customer.userType,
              createdAt: placedAt,
            })
          )
        ),
        this.outbox.enqueueWrite(
          trx,
          [...mails, ...orders.map((order) => orderEvent('order.placed', order, placedAt))],
          placedAt
        ),
      ],
      // Emptying the cart is also its check: two checkouts of one cart (two keys, two tabs) both
      // priced it; the second one's delete waits for the first one's commit and finds it empty.
      emptyCartReturningLines(trx, customer.id)
    )
    assertCartUnchanged(quote, cleared)

    if (quote.coupon) await this.coupons.countUse(quote.coupon.id, trx)
    await this.keys.complete(claim, checkout.id, trx)
    const lowOnStock = await this.stock.take(quote.lines, trx)
    // Rare (a product crossing the threshold), so an insert of its own, with the row still locked
    // for one more round trip only then, rather than a placement that always reads stock first.
    if (lowOnStock.length > 0) {
      const threshold = lowStockThreshold()
      await this.outbox.enqueueAll(
        trx,
        lowOnStock.map((crossing) => lowStockEvent(crossing, threshold, placedAt)),
        placedAt
      )
    }
    return orders
  }

  /**
   * Inserts the order (after `before`, in the same round trip on PostgreSQL) under a fresh random
   * number; a number that clashes with an existing one inserts nothing and is retried, without
   * the savepoint a failed insert would need.
   */
  async #insertOrder(trx: TransactionClientContract, order: Order, before: PendingWrite[]) {
    for (let attempt = 1; attempt <= ORDER_NUMBER_ATTEMPTS; attempt++) {
      order.orderNumber = this.orderNumbers.next()
      const inserted = await writeBatch(
        trx,
        attempt === 1 ? before : [],
        insertModelsUnlessTaken(trx, Order, [order], 'order_number')
      )
      if (inserted) return
    }
    throw new Error(`${ORDER_NUMBER_ATTEMPTS} order numbers in a row were taken`)
  }
}

/** The orders of a quote, one per shop in cart order, with their items. */
function ordersOf(
  quote: Quote,
  customer: User,
  input: PlaceOrderInput,
  checkoutId: string,
  placedAt: DateTime
): Order[] {
  const fundedBy = quote.coupon?.fundedBy ?? 'MARKETPLACE'
  const defaultRate = defaultCommissionRate()
  return quote.shops.map((shop, position) => {
    const priced = quote.pricing.orders[position]
    // The rate in force now, read with the cart, frozen on the order (docs/api/ledger.md).
    const money = orderMoney({
      ...priced,
      commissionRate: shop.commissionRate ?? defaultRate,
      fundedBy,
    })
    const order = new Order().merge({
      id: randomUUID(),
      checkoutId,
      position,
      userId: customer.id,
      shopId: shop.shopId,
      shopName: shop.shopName,
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      paymentMethod: input.paymentMethod,
      paidAmountCents: 0,
      refundedAmountCents: 0,
      shippingMethodId: quote.method.id,
      shippingMethodName: quote.method.name,
      couponCode: quote.coupon?.code ?? null,
      currency: quote.currency,
      subTotalCents: priced.subTotal,
      shippingCostCents: priced.shippingCost,
      taxAmountCents: priced.taxAmount,
      discountAmountCents: priced.discountAmount,
      totalCents: priced.total,
      commissionRate: money.commissionRate,
      couponFundedBy: fundedBy,
      commissionCents: money.commission,
      sellerEarningCents: money.sellerEarning,
      marketplaceTakeCents: money.marketplaceTake,
      shippingAddress: quote.address,
      notes: input.notes ?? null,
      createdAt: placedAt,
      updatedAt: placedAt,
    })
    order.$setRelated(
      'items',
      shop.lines.map((line, index) =>
        new OrderItem().merge({
          id: randomUUID(),
          orderId: order.id,
          position: index,
          productId: line.productId,
          variantId: line.variantId,
          optionValues: line.optionValues,
          name: line.name,
          sku: line.sku,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineTotalCents: line.unitPriceCents * line.quantity,
          createdAt: placedAt,
        })
      )
    )
    return order
  })
}

/**
 * Refuses when the cart emptied by the placement did not hold what was priced: a line added,
 * removed or changed since the quote read it, or the cart already ordered by another checkout.
 */
function assertCartUnchanged(quote: Quote, cleared: HeldLine[]) {
  const signature = (lines: HeldLine[]) =>
    lines
      .map((line) => `${line.variantId}:${line.quantity}`)
      .sort()
      .join(',')
  if (signature(cleared) !== signature(quote.lines)) throw new CartChanged()
}
