import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import config from '@adonisjs/core/services/config'
import type User from '#models/user'
import type ShippingAddress from '#models/shipping_address'
import type ShippingMethod from '#models/shipping_method'
import Shop from '#models/shop'
import type { CartLine } from '#services/cart/cart_service'
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

/** A cart line as checkout reads it: with the e-mail of the seller who ships it. */
interface QuotedLine extends CartLine {
  sellerEmail: string
}

interface QuotedLineRow {
  product_id: string
  shop_id: string
  shop_name: string
  seller_email: string
  name: string
  sku: string
  price_cents: number | string
  quantity: number | string
  stock: number | string
  is_active: boolean | number
  deleted_at: unknown
  shop_selling: boolean | number
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
    protected coupons: CouponUsageService,
    protected guesses: CouponGuessLimiter
  ) {}

  /** The price of the cart as it is now; reads only, never counts a coupon use or takes stock. */
  async summary(customer: User, input: CheckoutInput): Promise<Quote> {
    return this.quote(customer, input)
  }

  /**
   * Checks and prices the cart, reading through `trx` when a placement runs one. Refusals, in
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

    const lines = await this.#linesFor(customer.id, trx ?? db.connection())
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
   * The customer's cart lines, oldest first, with their product, shop and seller as `client` sees
   * them, in one query: a line is available while its product is active and not deleted and its
   * shop sells (the `selling` scope of `Shop`, the catalog's rule); the seller's e-mail is there
   * for the placement's mails.
   */
  async #linesFor(userId: string, client: QueryClientContract): Promise<QuotedLine[]> {
    const selling = Shop.query({ client })
      .withScopes((scopes) => scopes.selling())
      .whereColumn('shops.id', 'products.shop_id')
      .select('shops.id')
      .toSQL()
    const rows: QuotedLineRow[] = await client
      .from('cart_items')
      .join('products', 'products.id', 'cart_items.product_id')
      .join('shops', 'shops.id', 'products.shop_id')
      .join('users as sellers', 'sellers.id', 'shops.seller_id')
      .where('cart_items.user_id', userId)
      .orderBy('cart_items.created_at', 'asc')
      .orderBy('cart_items.id', 'asc')
      .select(
        'cart_items.product_id',
        'cart_items.quantity',
        'products.shop_id',
        'products.name',
        'products.sku',
        'products.price_cents',
        'products.stock',
        'products.is_active',
        'products.deleted_at',
        'shops.name as shop_name',
        'sellers.email as seller_email',
        client.getReadClient().raw(`exists (${selling.sql}) as shop_selling`, selling.bindings)
      )
    return rows.map((row) => ({
      productId: row.product_id,
      shopId: row.shop_id,
      shopName: row.shop_name,
      sellerEmail: row.seller_email,
      name: row.name,
      sku: row.sku,
      unitPriceCents: Number(row.price_cents),
      quantity: Number(row.quantity),
      stock: Number(row.stock),
      available: Boolean(row.is_active) && row.deleted_at === null && Boolean(row.shop_selling),
    }))
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
function groupByShop(lines: QuotedLine[]): ShopLines[] {
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
