import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import type User from '#models/user'
import type ShippingAddress from '#models/shipping_address'
import type ShippingMethod from '#models/shipping_method'
import { CartService, type CartLine, type CartLineWithSeller } from '#services/cart/cart_service'
import { ShippingAddressService } from '#services/checkout/shipping_address_service'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { merchandiseSubTotal, priceCheckout, type Pricing } from '#services/checkout/pricing'
import {
  CouponUsageService,
  checkoutRefusal,
  type CouponSnapshot,
} from '#services/coupons/coupon_usage_service'
import { evaluateCoupon } from '#services/coupons/coupon_rules'
import { CouponGuessLimiter, type CouponGuesser } from '#services/coupons/coupon_guess_limiter'
import { EmptyCart } from '#exceptions/checkout_errors'
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
  address: ShippingAddress
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
    protected addresses: ShippingAddressService,
    protected methods: ShippingMethodService,
    protected taxRates: TaxRateService,
    protected cart: CartService,
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
    const address = await this.addresses.findOwned(customer.id, input.shippingAddressId, trx)
    const method = await this.methods.findOffered(input.shippingMethodId, trx)

    const lines = await this.cart.linesWithSellersFor(customer.id, trx ?? db.connection())
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
    const { coupon, discount } = await this.#applyCoupon(
      input.couponCode,
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
   * The coupon's discount on `subTotal`. The code is a guess until it turns out to name a coupon:
   * the attempt is counted first and given back then, so an unknown code here costs what it
   * costs at the lookup, and answers like expired or used up cannot be mined for codes.
   */
  async #applyCoupon(
    code: string | null | undefined,
    subTotal: number,
    guesser: CouponGuesser,
    trx?: TransactionClientContract
  ): Promise<{ coupon: CouponSnapshot | null; discount: number }> {
    const wanted = code?.trim()
    if (!wanted) return { coupon: null, discount: 0 }
    await this.guesses.consume(guesser)
    const coupon = await this.coupons.findApplicableByCode(wanted, trx)
    if (coupon || (await this.coupons.codeExists(wanted, trx))) {
      await this.guesses.refund(guesser)
    }
    if (!coupon) throw new CheckoutCouponNotFound()
    const outcome = evaluateCoupon(coupon.terms, subTotal, Date.now())
    if (!outcome.ok) throw checkoutRefusal(outcome.reason)
    return { coupon, discount: outcome.discount }
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
