import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import type { Actor } from '#support/actor'
import type { AddressSnapshot } from '#models/order'
import type ShippingMethod from '#models/shipping_method'
import type { CartLine, CartLineWithSeller } from '#queries/cart_lines'
import { readQuote } from '#queries/quote_read'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { merchandiseSubTotal, priceCheckout, type Pricing } from '#services/checkout/pricing'
import {
  CouponUsageService,
  checkoutRefusal,
  snapshotOfApplicable,
  type CouponSnapshot,
} from '#services/coupons/coupon_usage_service'
import { evaluateCoupon } from '#services/coupons/coupon_rules'
import { CouponGuessLimiter } from '#services/coupons/coupon_guess_limiter'
import { EmptyCart, ShippingAddressNotFound } from '#exceptions/checkout_errors'
import { InsufficientStock, ProductUnavailable } from '#exceptions/cart_errors'
import { CheckoutCouponNotFound } from '#exceptions/coupon_errors'

/** What a price depends on, as the summary and place-order both take it. */
export interface CheckoutInput {
  shippingAddressId: string
  shippingMethodId: string
  /** Any case; absent, null or blank means no coupon; one that matches nothing is a guess. */
  couponCode?: string | null
}

/** The cart lines one shop ships, in cart order, and whom to tell when they are ordered. */
export interface ShopLines {
  shopId: string
  shopName: string
  sellerEmail: string
  /** The shop's own commission rate (hundredths of a percent), null for the default. */
  commissionRate: number | null
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
  async quote(actor: Actor, input: CheckoutInput, trx?: TransactionClientContract): Promise<Quote> {
    const customer = actor.user
    const code = input.couponCode?.trim().toUpperCase() || null
    const read = await readQuote(trx ?? db.connection(), {
      addressId: input.shippingAddressId,
      customerId: customer.id,
      code,
    })
    if (!read) throw new ShippingAddressNotFound()
    const { address, lines } = read
    const method = await this.methods.findOffered(input.shippingMethodId, trx)

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
    const applicable = read.coupon ? snapshotOfApplicable(read.coupon) : null
    const { coupon, discount } = await this.#applyCoupon(
      code,
      applicable,
      merchandiseSubTotal(pricingShops),
      actor,
      trx
    )
    const taxRate = await this.taxRates.rateFor(address.country, address.state, trx)

    return {
      address,
      method,
      lines: lines.map(({ sellerEmail: _, commissionRate: __, ...line }) => line),
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
    actor: Actor,
    trx?: TransactionClientContract
  ): Promise<{ coupon: CouponSnapshot | null; discount: number }> {
    if (!code) return { coupon: null, discount: 0 }
    await this.guesses.consume(actor)
    if (applicable || (await this.coupons.codeExists(code, trx))) {
      await this.guesses.refund(actor)
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
  for (const { sellerEmail, commissionRate, ...line } of lines) {
    const shop = shops.get(line.shopId) ?? {
      shopId: line.shopId,
      shopName: line.shopName,
      sellerEmail,
      commissionRate,
      lines: [],
    }
    shop.lines.push(line)
    shops.set(line.shopId, shop)
  }
  return [...shops.values()]
}
