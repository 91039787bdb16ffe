import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import type { Knex } from 'knex'
import config from '@adonisjs/core/services/config'
import { CompiledQuery } from '#queries/compiled_query'
import { addressSnapshot } from '#support/address_snapshot'
import type User from '#models/user'
import type { AddressSnapshot } from '#models/order'
import type ShippingMethod from '#models/shipping_method'
import {
  buildLinesQuery,
  lineOf,
  type CartLine,
  type CartLineWithSeller,
  type LineRow,
} from '#services/cart/cart_service'
import { deliveryQuery } from '#services/checkout/shipping_address_service'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { merchandiseSubTotal, priceCheckout, type Pricing } from '#services/checkout/pricing'
import {
  CouponUsageService,
  applicableCouponQuery,
  checkoutRefusal,
  snapshotOfRow,
  type ApplicableCouponRow,
  type CouponSnapshot,
} from '#services/coupons/coupon_usage_service'
import { evaluateCoupon } from '#services/coupons/coupon_rules'
import { CouponGuessLimiter, type CouponGuesser } from '#services/coupons/coupon_guess_limiter'
import { EmptyCart, ShippingAddressNotFound } from '#exceptions/checkout_errors'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { CheckoutCouponNotFound } from '#exceptions/coupon_errors'

/** What a price depends on, as the summary and place-order both take it. */
export interface CheckoutInput {
  shippingAddressId: string
  shippingMethodId: string
  /** Any case; absent, null or blank means no coupon. */
  couponCode?: string | null
  /** Where the request came from: a coupon code that matches nothing is a guess from there. */
  clientAddress: string
}

/** The cart lines one shop ships, in cart order, and whom to tell when they are ordered. */
export interface ShopLines {
  shopId: string
  shopName: string
  sellerEmail: string
  lines: CartLine[]
}

/** Everything checkout decided about a cart at one moment, with its price. */
export interface Quote {
  /** Where the orders go, as they copy it. */
  address: AddressSnapshot
  method: ShippingMethod
  lines: CartLine[]
  shops: ShopLines[]
  coupon: CouponSnapshot | null
  /** Thousandths of a percent. */
  taxRate: number
  currency: string
  pricing: Pricing
}

/**
 * What a quote reads of the database, in one statement: the delivery fields of the customer's
 * address and, joined to it, the customer's cart lines with the e-mail of each line's seller
 * (`buildLinesQuery`, the cart's own definition of a line) and, when a code is given, the
 * applicable coupon with that code (`applicableCouponQuery`). No row: the customer has no such
 * address; one row without a product: the cart is empty. The three sets of column names are
 * disjoint (camelCase address and coupon fields, snake_case line columns, `id`/`code` only in
 * the coupon's).
 */
function quoteReadQuery(withCoupon: boolean) {
  return new CompiledQuery<string[]>(withCoupon ? 3 : 2, (client, addressId, customerId, code) => {
    const query = deliveryQuery(client, addressId, customerId)
    /** Every row of `derived` beside the address's row (none: the address's row alone). */
    const besideEach = (derived: { toSQL(): Knex.Sql }, alias: string) => {
      const { sql, bindings } = derived.toSQL()
      query
        .joinRaw(`left join (${sql}) as ${alias} on 1 = 1`, [...bindings] as StrictValues[])
        .select(`${alias}.*`)
    }
    besideEach(
      buildLinesQuery(client, customerId, { withSellers: true, unordered: true }),
      'cart_lines'
    )
    if (withCoupon) besideEach(applicableCouponQuery(client, code), 'applicable_coupon')
    return query.orderBy('cart_lines.line_created_at', 'asc').orderBy('cart_lines.line_id', 'asc')
  })
}

const quoteReads = { withCoupon: quoteReadQuery(true), withoutCoupon: quoteReadQuery(false) }

/** Columns that are all null when the join found nothing. */
type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null }

/** A row of a quote's read: the address's fields, a line's and the coupon's, when found. */
type QuoteReadRow = AddressSnapshot & Nullable<LineRow> & Nullable<ApplicableCouponRow>

/**
 * Prices the customer's cart for a destination, a shipping method and an optional coupon. The
 * summary shows a quote; place-order takes one inside its transaction and turns it into orders,
 * so both answer the same numbers for the same cart at the same moment.
 */
@inject()
export class CheckoutService {
  constructor(
    protected methods: ShippingMethodService,
    protected taxRates: TaxRateService,
    protected coupons: CouponUsageService,
    protected guesses: CouponGuessLimiter
  ) {}

  /**
   * Checks and prices the cart as it is now: the summary, and the placement reading through its
   * `trx`. Reads only: never counts a coupon use or takes stock. Refusals, in
   * this order: unknown address or method (404), empty cart, a product no longer on sale, a line
   * above the stock, a coupon that does not apply (422).
   */
  async quote(
    customer: User,
    input: CheckoutInput,
    trx?: TransactionClientContract
  ): Promise<Quote> {
    const code = input.couponCode?.trim().toUpperCase() || null
    const rows = await (code ? quoteReads.withCoupon : quoteReads.withoutCoupon).rows<QuoteReadRow>(
      code ? [input.shippingAddressId, customer.id, code] : [input.shippingAddressId, customer.id],
      trx ?? db.connection()
    )
    if (rows.length === 0) throw new ShippingAddressNotFound()
    const address = addressSnapshot(rows[0])
    const method = await this.methods.findOffered(input.shippingMethodId, trx)

    const lines = rows
      .filter((row) => row.product_id !== null)
      .map((row) => lineOf(row as LineRow, true) as CartLineWithSeller)
    if (lines.length === 0) throw new EmptyCart()
    const unavailable = lines.find((line) => !line.available)
    if (unavailable) {
      throw new ProductUnavailable(`"${unavailable.name}" is no longer available`)
    }
    const short = lines.find((line) => line.quantity > line.stock)
    if (short) {
      throw new InsufficientStock(
        `Only ${short.stock} of "${short.name}" in stock; the cart holds ${short.quantity}`
      )
    }

    const shops = groupByShop(lines)
    const pricingShops = shops.map((shop) => ({
      shopId: shop.shopId,
      lines: shop.lines.map((line) => ({
        unitPrice: line.unitPriceCents,
        quantity: line.quantity,
      })),
    }))
    const found = code !== null && rows[0].id !== null
    const applicable = found ? snapshotOfRow(rows[0] as ApplicableCouponRow) : null
    const { coupon, discount } = await this.#applyCoupon(
      code,
      applicable,
      merchandiseSubTotal(pricingShops),
      { userId: customer.id, clientAddress: input.clientAddress },
      trx
    )
    const taxRate = await this.taxRates.rateFor(address.country, address.state, trx)

    return {
      address,
      method,
      lines: lines.map(({ sellerEmail: _, ...line }) => line),
      shops,
      coupon,
      taxRate,
      currency: config.get<string>('store.currency'),
      pricing: priceCheckout({
        shops: pricingShops,
        shippingPrice: method.priceCents,
        taxRate,
        discount,
      }),
    }
  }

  /**
   * The discount on `subTotal` of the coupon `code` names (`applicable`, as read with the cart, or
   * null). The code is a guess until it turns out to name a coupon: the attempt is counted before
   * anything of the coupon is used or told, and given back then, so an unknown code here costs
   * what it costs at the lookup, and answers like expired or used up cannot be mined for codes.
   */
  async #applyCoupon(
    code: string | null,
    applicable: CouponSnapshot | null,
    subTotal: number,
    guesser: CouponGuesser,
    trx?: TransactionClientContract
  ): Promise<{ coupon: CouponSnapshot | null; discount: number }> {
    if (!code) return { coupon: null, discount: 0 }
    await this.guesses.consume(guesser)
    if (applicable || (await this.coupons.codeExists(code, trx))) {
      await this.guesses.refund(guesser)
    }
    if (!applicable) throw new CheckoutCouponNotFound()
    const outcome = evaluateCoupon(applicable.terms, subTotal, Date.now())
    if (!outcome.ok) throw checkoutRefusal(outcome.reason)
    return { coupon: applicable, discount: outcome.discount }
  }
}

/** Cart lines grouped by shop, shops in the order their first line appears. */
function groupByShop(lines: CartLineWithSeller[]): ShopLines[] {
  const shops = new Map<string, ShopLines>()
  for (const { sellerEmail, ...line } of lines) {
    const shop = shops.get(line.shopId) ?? {
      shopId: line.shopId,
      shopName: line.shopName,
      sellerEmail,
      lines: [],
    }
    shop.lines.push(line)
    shops.set(line.shopId, shop)
  }
  return [...shops.values()]
}
