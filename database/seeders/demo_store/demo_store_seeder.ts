import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type Product from '#models/product'
import type ShippingAddress from '#models/shipping_address'
import type Shop from '#models/shop'
import User from '#models/user'
import Coupon from '#models/coupon'
import Policy from '#models/policy'
import TaxRate from '#models/tax_rate'
import OutboxMessage from '#models/outbox_message'
import type Order from '#models/order'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '#enums/order_status'
import { UserType } from '#enums/user_type'
import { DemoStoreConflict, DemoStoreIncomplete } from '#exceptions/system_errors'
import { AccountProvisioningService } from '#services/accounts/account_provisioning_service'
import { CartService } from '#services/cart/cart_service'
import { ProductService } from '#services/catalog/product_service'
import { CategoryService } from '#services/catalog/category_service'
import { ProductImageService } from '#services/catalog/product_image_service'
import Category from '#models/category'
import { solidPng } from '#support/solid_png'
import { ShopService } from '#services/catalog/shop_service'
import { OrderPlacementService } from '#services/checkout/order_placement_service'
import { ShippingAddressService } from '#services/checkout/shipping_address_service'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'
import { TaxRateService } from '#services/checkout/tax_rate_service'
import { CouponService, type CouponInput } from '#services/coupons/coupon_service'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import { PolicyService } from '#services/legal/policy_service'
import { OrderStatusService } from '#services/orders/order_status_service'
import { RefundService } from '#services/payments/refund_service'
import { storeTimezone } from '#support/store_time'
import { sqlTime } from '#support/sql_time'
import { actorOf, type Actor } from '#support/actor'
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CATEGORIES,
  DEMO_COUPON_CODES,
  DEMO_CUSTOMERS,
  DEMO_LAUNCH_USES,
  DEMO_MARKER_CUSTOMER,
  DEMO_ORDER_DAYS,
  DEMO_ORDER_TARGET,
  DEMO_PASSWORD,
  DEMO_SHOPS,
  DEMO_TAX_RATES,
  demoEmails,
} from '#database/seeders/demo_store/demo_store_data'

/** An account the demo made, to print for the operator. */
export interface DemoLogin {
  role: 'Super Admin' | 'Seller' | 'Customer'
  email: string
  /** What the account has: its shop, or how many orders. */
  note: string
}

/** What a run did. `created` is false when the demo store was already there. */
export interface DemoStoreReport {
  created: boolean
  password: string
  logins: DemoLogin[]
  /** Counts of what this run made (all zero when nothing was made). */
  made: {
    accounts: number
    shops: number
    products: number
    categories: number
    images: number
    addresses: number
    taxRates: number
    coupons: number
    policies: number
    consents: number
    orders: number
    statusChanges: number
    mailsMarkedSent: number
  }
}

/** A customer of the demo with the address the demo's orders go to. */
interface Shopper {
  user: User
  address: ShippingAddress
}

/** One line of a planned placement. */
interface PlannedLine {
  product: Product
  quantity: number
}

/** One change in an order's life after placement, and who makes it. */
type Change =
  | { kind: 'status'; to: OrderStatus; by: 'seller' | 'customer' | 'admin' }
  | { kind: 'payment'; to: PaymentStatus; by: 'seller' | 'admin' }
  | { kind: 'refund'; share: number; reason: string; by: 'admin' }

/** A change and how many milliseconds after placement it happened. */
interface Step {
  change: Change
  after: number
}

/** Hours, as a duration of milliseconds. */
const HOUR = 3_600_000

/**
 * A small seeded generator (mulberry32) of numbers in [0, 1): the demo plans its orders from a
 * fixed seed, so every run, and every test, builds the same store.
 */
function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * `node ace demo:seed`: a store to look at, made through the application's own services, so it
 * can hold nothing the API could not have produced. Accounts are created verified (as
 * `admin:create` does) with one password; shops are opened by their sellers and approved by the
 * demo's Super Admin; customers save addresses and consent to the policies; orders are placed
 * through checkout from real carts, then moved back in time over the last 30 days and forward
 * through the order state machine by their sellers, customers and the admin, so their history
 * is real. The mail those orders queue is marked sent without being sent.
 *
 * A second run changes nothing: the newcomer customer, made last, marks a complete demo.
 */
@inject()
export class DemoStoreSeeder {
  constructor(
    protected accounts: AccountProvisioningService,
    protected shops: ShopService,
    protected products: ProductService,
    protected categories: CategoryService,
    protected images: ProductImageService,
    protected addresses: ShippingAddressService,
    protected methods: ShippingMethodService,
    protected taxRates: TaxRateService,
    protected coupons: CouponService,
    protected policies: PolicyService,
    protected consents: PolicyConsentService,
    protected cart: CartService,
    protected placement: OrderPlacementService,
    protected orderStatus: OrderStatusService,
    protected refunds: RefundService
  ) {}

  /** Makes the demo store, or reports that it is there already; refuses a half-made one. */
  async seed(now: DateTime = DateTime.now()): Promise<DemoStoreReport> {
    const made = {
      accounts: 0,
      shops: 0,
      products: 0,
      categories: 0,
      images: 0,
      addresses: 0,
      taxRates: 0,
      coupons: 0,
      policies: 0,
      consents: 0,
      orders: 0,
      statusChanges: 0,
      mailsMarkedSent: 0,
    }
    const existing = await User.query().whereIn('email', demoEmails()).select('email')
    if (existing.some((user) => user.email === DEMO_MARKER_CUSTOMER.email)) {
      return { created: false, password: DEMO_PASSWORD, logins: this.#logins(), made }
    }
    if (existing.length > 0) throw new DemoStoreIncomplete()
    await this.#refuseConflicts()

    const admin = await this.#account(DEMO_ADMIN_EMAIL, UserType.SUPER_ADMIN, made)
    // The demo's administrative writes are the admin's, made from the command line.
    const acting = actorOf(admin)
    const categoryIds = await this.#categories(acting, made)
    const catalog = await this.#openShops(acting, categoryIds, made)
    const shoppers = await this.#customers(made)
    await this.#taxRatesAndCoupons(acting, now, made)
    await this.#policiesAndConsents(acting, shoppers, now, made)
    await this.#orders({ admin, catalog, shoppers, now }, made)

    // Last: its existence says the demo store is complete.
    await this.#account(DEMO_MARKER_CUSTOMER.email, UserType.CUSTOMER, made)
    return { created: true, password: DEMO_PASSWORD, logins: this.#logins(), made }
  }

  /**
   * Refuses, before writing anything, a store that already has what the demo would add beside
   * it: policies (the demo's versions could not follow them), tax rates for the demo's countries
   * or coupons with its codes. The demo is meant for an empty installation.
   */
  async #refuseConflicts() {
    const found: string[] = []
    if (await Policy.query().first()) found.push('policies')
    const taxed = await TaxRate.query()
      .whereIn(
        'country',
        DEMO_TAX_RATES.map((rate) => rate.country)
      )
      .where('region', '')
    if (taxed.length) found.push(`tax rates for ${taxed.map((rate) => rate.country).join(', ')}`)
    const coupons = await Coupon.query()
      .withScopes((scopes) => scopes.notDeleted())
      .whereIn('code', Object.values(DEMO_COUPON_CODES))
    if (coupons.length) found.push(`coupons ${coupons.map((coupon) => coupon.code).join(', ')}`)
    const categories = await Category.query().whereIn(
      'slug',
      DEMO_CATEGORIES.map((category) => category.slug)
    )
    if (categories.length) {
      found.push(`categories ${categories.map((category) => category.slug).join(', ')}`)
    }
    if (found.length) {
      throw new DemoStoreConflict(
        `The demo store is meant for an empty installation; this one already has ${found.join('; ')}`
      )
    }
  }

  async #account(email: string, type: UserType, made: DemoStoreReport['made']) {
    const account = await this.accounts.createVerified(email, DEMO_PASSWORD, type)
    made.accounts += 1
    return account
  }

  /** Each seller opens a shop; the admin approves all but one, which waits for approval. */
  /** The demo's category tree, made by its admin; answers each slug's id. */
  async #categories(acting: Actor, made: DemoStoreReport['made']): Promise<Map<string, string>> {
    const ids = new Map<string, string>()
    for (const demo of DEMO_CATEGORIES) {
      const parentId = demo.parent ? (ids.get(demo.parent) ?? null) : null
      const category = await this.categories.create(acting, {
        name: demo.name,
        slug: demo.slug,
        parentId,
      })
      ids.set(demo.slug, category.id)
      made.categories += 1
    }
    return ids
  }

  async #openShops(acting: Actor, categoryIds: Map<string, string>, made: DemoStoreReport['made']) {
    const catalog: Array<{ seller: User; shop: Shop; products: Product[] }> = []
    for (const demo of DEMO_SHOPS) {
      const seller = await this.#account(demo.sellerEmail, UserType.SELLER, made)
      let shop = await this.shops.create(actorOf(seller), {
        name: demo.name,
        description: demo.description,
      })
      made.shops += 1
      if (demo.approved) shop = await this.shops.approve(acting, shop.id)
      const products: Product[] = []
      for (const product of demo.products) {
        products.push(
          await this.products.create(actorOf(seller), {
            shopId: shop.id,
            name: product.name,
            description: product.description,
            ...(product.variants
              ? {
                  options: product.options,
                  variants: product.variants.map((variant) => ({
                    sku: `${product.sku}-${variant.skuSuffix}`,
                    optionValues: variant.values,
                    priceCents: variant.priceCents,
                    stock: variant.stock,
                  })),
                }
              : { sku: product.sku, priceCents: product.priceCents, stock: product.stock }),
            isActive: product.isActive ?? true,
            categoryIds: [categoryIds.get(demo.category) as string],
          })
        )
        made.products += 1
        // A picture made here, one shade per product, so a storefront has something to show.
        const shade = (products.length * 9) % 60
        const colour = demo.colour.map((channel) => Math.max(0, channel - shade))
        await this.images.store(actorOf(seller), products.at(-1)!.id, solidPng(64, 64, colour))
        made.images += 1
      }
      const ordered = products.filter((_, index) => demo.products[index].ordered !== false)
      catalog.push({ seller, shop, products: ordered })
    }
    return catalog.filter((entry) => entry.products.length > 0)
  }

  async #customers(made: DemoStoreReport['made']): Promise<Shopper[]> {
    const shoppers: Shopper[] = []
    for (const customer of DEMO_CUSTOMERS) {
      const user = await this.#account(customer.email, UserType.CUSTOMER, made)
      // A demo customer's fields are the address input's (its e-mail aside, which is not read).
      const address = await this.addresses.create(actorOf(user), { ...customer, isDefault: true })
      made.addresses += 1
      shoppers.push({ user, address })
    }
    return shoppers
  }

  /**
   * Tax for two destinations, and one coupon of each kind the console shows: active and used,
   * active with a minimum order, used up, expired and scheduled. Coupon dates are whole days in
   * the store's time zone, as an admin would type them.
   */
  async #taxRatesAndCoupons(acting: Actor, now: DateTime, made: DemoStoreReport['made']) {
    for (const rate of DEMO_TAX_RATES) {
      await this.taxRates.create(null, { country: rate.country, region: null, rate: rate.rate })
      made.taxRates += 1
    }
    const today = now.setZone(storeTimezone()).startOf('day')
    const day = (offset: number) => today.plus({ days: offset })
    const lastSecondOf = (offset: number) => today.plus({ days: offset + 1 }).minus({ seconds: 1 })
    const coupons: CouponInput[] = [
      {
        code: DEMO_COUPON_CODES.welcome,
        discountType: 'PERCENTAGE',
        discountValue: 1000,
        maxDiscountAmount: 1500,
        startDate: day(-60),
        endDate: lastSecondOf(300),
        usageLimit: 500,
      },
      {
        code: DEMO_COUPON_CODES.freeShipping,
        discountType: 'FIXED',
        discountValue: 500,
        minOrderAmount: 4000,
        startDate: day(-45),
        endDate: lastSecondOf(45),
      },
      {
        code: DEMO_COUPON_CODES.launch,
        discountType: 'PERCENTAGE',
        discountValue: 2000,
        maxDiscountAmount: 2500,
        startDate: day(-40),
        endDate: lastSecondOf(20),
        usageLimit: DEMO_LAUNCH_USES,
      },
      {
        code: DEMO_COUPON_CODES.summer,
        discountType: 'PERCENTAGE',
        discountValue: 1500,
        startDate: day(-120),
        endDate: lastSecondOf(-35),
      },
      {
        code: DEMO_COUPON_CODES.holiday,
        discountType: 'PERCENTAGE',
        discountValue: 2500,
        maxDiscountAmount: 3000,
        startDate: day(20),
        endDate: lastSecondOf(50),
        usageLimit: 1000,
      },
    ]
    for (const coupon of coupons) {
      await this.coupons.create(acting, coupon)
      made.coupons += 1
    }
  }

  /**
   * The Privacy Policy and the Terms in force since three months, a scheduled new Privacy Policy,
   * and every customer's consent to the two in force.
   */
  async #policiesAndConsents(
    acting: Actor,
    shoppers: Shopper[],
    now: DateTime,
    made: DemoStoreReport['made']
  ) {
    const inForce = [
      await this.policies.create(acting, {
        type: 'PRIVACY_POLICY',
        title: 'Privacy Policy',
        version: '1.0',
        effectiveDate: now.minus({ days: 90 }).startOf('day').toUTC(),
        content: PRIVACY_TEXT,
      }),
      await this.policies.create(acting, {
        type: 'TERMS_CONDITIONS',
        title: 'Terms and Conditions of Sale',
        version: '1.0',
        effectiveDate: now.minus({ days: 90 }).startOf('day').toUTC(),
        content: TERMS_TEXT,
      }),
    ]
    await this.policies.create(acting, {
      type: 'PRIVACY_POLICY',
      title: 'Privacy Policy',
      version: '1.1',
      effectiveDate: now.plus({ days: 14 }).startOf('day').toUTC(),
      content: `${PRIVACY_TEXT}\n\nFrom this version on, we also keep the country of each order for tax reports.`,
    })
    made.policies += 3

    for (const [index, { user }] of shoppers.entries()) {
      for (const policy of inForce) {
        // Documentation addresses (RFC 5737): made-up clients.
        const client = { user, clientAddress: `203.0.113.${10 + index}` }
        await this.consents.consent(client, {
          policyId: policy.id,
          userAgent: 'Mozilla/5.0 (demo store)',
        })
        made.consents += 1
      }
    }
  }

  /**
   * Places orders until there are about DEMO_ORDER_TARGET of them. Each placement fills the
   * customer's cart and checks out through the placement service; its orders are then dated
   * back to when the plan says they were placed, and live their lives up to now.
   */
  async #orders(
    store: {
      admin: User
      catalog: Array<{ seller: User; shop: Shop; products: Product[] }>
      shoppers: Shopper[]
      now: DateTime
    },
    made: DemoStoreReport['made']
  ) {
    const random = seededRandom(2026)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
    const { items: methods } = await this.methods.listOffered({ limit: 10, offset: 0 })
    const standard = methods.find((method) => method.name === 'Standard') ?? methods[0]
    const express = methods.find((method) => method.name === 'Express') ?? standard
    if (!standard) throw new Error('The demo store needs a shipping method; none is offered')

    let launchUses = 0
    for (let placement = 0; made.orders < DEMO_ORDER_TARGET; placement++) {
      const shopper = store.shoppers[placement % store.shoppers.length]
      const shopCount = Math.min(
        random() < 0.7 ? 1 : random() < 0.85 ? 2 : 3,
        DEMO_ORDER_TARGET - made.orders,
        store.catalog.length
      )
      const shops = shuffled(store.catalog, random).slice(0, shopCount)
      const lines: PlannedLine[] = []
      for (const { products } of shops) {
        const count = 1 + Math.floor(random() * 3)
        const chosen = shuffled(products, random).slice(0, count)
        for (const product of chosen) {
          lines.push({ product, quantity: random() < 0.75 ? 1 : 2 })
        }
      }
      const subTotal = lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0)

      // The first two were placed within the last hour and a half; the others on a day of the
      // last 30, the recent days busier.
      const daysAgo = placement < 2 ? 0 : Math.floor(random() ** 1.4 * DEMO_ORDER_DAYS)
      const placedAt =
        placement < 2
          ? placedJustNow(store.now, random())
          : placedInstant(store.now, daysAgo, random())

      let couponCode: string | null = null
      if (launchUses < DEMO_LAUNCH_USES && placement % 7 === 3) {
        couponCode = DEMO_COUPON_CODES.launch
        launchUses += 1
      } else if (placement % 5 === 1) {
        couponCode = DEMO_COUPON_CODES.welcome
      } else if (placement % 9 === 4 && subTotal >= 4000) {
        couponCode = DEMO_COUPON_CODES.freeShipping
      }

      const paymentMethod = pick(PAYMENT_CHOICES)
      const customer = { user: shopper.user, clientAddress: '203.0.113.1' }
      for (const line of lines) {
        // A product with options is ordered in its first variant.
        const [variant] = line.product.$extras.variants as Array<{ id: string }>
        await this.cart.add(customer, {
          productId: line.product.id,
          variantId: variant.id,
          quantity: line.quantity,
        })
      }
      const { orders } = await this.placement.place(customer, {
        shippingAddressId: shopper.address.id,
        shippingMethodId: (random() < 0.25 ? express : standard).id,
        paymentMethod,
        couponCode,
        notes: random() < 0.15 ? pick(NOTES) : null,
        idempotencyKey: `demo-placement-${String(placement + 1).padStart(3, '0')}`,
      })
      made.orders += orders.length

      // A coupon use is given back when every order of its checkout is cancelled; the demo keeps
      // its coupon uses, so only checkouts without a coupon are ever cancelled.
      const mayCancel = couponCode === null
      for (const order of orders) {
        const seller = store.catalog.find((entry) => entry.shop.id === order.shopId)!.seller
        const steps = lifeOf(store.now, placedAt, daysAgo, paymentMethod, mayCancel, random)
        for (const { change } of steps) {
          const actor =
            change.by === 'seller' ? seller : change.by === 'customer' ? shopper.user : store.admin
          if (change.kind === 'status') {
            await this.orderStatus.changeStatus(actorOf(actor), order.id, change.to)
          } else if (change.kind === 'refund') {
            await this.refunds.create(actorOf(actor), order.id, {
              amountCents: Math.round(order.totalCents * change.share),
              reason: change.reason,
            })
          } else {
            await this.orderStatus.changePaymentStatus(actorOf(actor), order.id, change.to)
          }
          made.statusChanges += 1
        }
        await this.#dateBack(order, placedAt, steps)
      }
      // After the orders' later steps too: shipping, delivery, refunds and cancellations mail.
      made.mailsMarkedSent += await this.#markMailSent()
    }
  }

  /**
   * Moves an order and its history to when the plan says they happened. The services date every
   * row "now", and the demo is the one writer that needs them in the past: nothing else differs
   * from what the API wrote.
   */
  async #dateBack(order: Order, placedAt: DateTime, steps: Step[]) {
    await db.transaction(async (trx) => {
      const at = (instant: DateTime) => sqlTime(instant, trx)
      let last = placedAt
      await trx
        .from('order_status_history')
        .where('order_id', order.id)
        .where('sequence', 1)
        .update({ created_at: at(placedAt) })
      for (const [index, step] of steps.entries()) {
        last = placedAt.plus({ milliseconds: step.after })
        await trx
          .from('order_status_history')
          .where('order_id', order.id)
          .where('sequence', index + 2)
          .update({ created_at: at(last) })
      }
      // What a step did on its own (the refund of a paid order cancelled) happened with it.
      await trx
        .from('order_status_history')
        .where('order_id', order.id)
        .where('sequence', '>', steps.length + 1)
        .update({ created_at: at(last) })
      await trx
        .from('refunds')
        .where('order_id', order.id)
        .update({ created_at: at(last), updated_at: at(last) })
      // The number carries the day of placement, as every order's does.
      const orderNumber = order.orderNumber.replace(
        /^ORD-\d{8}-/,
        `ORD-${placedAt.toUTC().toFormat('yyyyMMdd')}-`
      )
      await trx
        .from('orders')
        .where('id', order.id)
        .update({ order_number: orderNumber, created_at: at(placedAt), updated_at: at(last) })
      await trx
        .from('order_items')
        .where('order_id', order.id)
        .update({ created_at: at(placedAt) })
      await trx
        .from('checkouts')
        .where('id', order.checkoutId)
        .update({ created_at: at(placedAt), updated_at: at(placedAt) })
    })
  }

  /**
   * Marks the mail waiting for the demo's made-up addresses as sent without sending it, and
   * returns how many: a placement queues a confirmation and a notice for each seller, and each
   * later step of an order mails its customer, which must never reach a mail server. The rows stay, as a sent message's row does; mail to anyone else
   * is left to the worker.
   */
  async #markMailSent(): Promise<number> {
    const addressed = new Set(demoEmails())
    const pending = await OutboxMessage.query().where('status', 'PENDING')
    const ids = pending
      .filter((message) => addressed.has(String(message.payload.email)))
      .map((message) => message.id)
    if (ids.length === 0) return 0
    const now = sqlTime()
    const marked = await db
      .from('outbox_messages')
      .whereIn('id', ids)
      .where('status', 'PENDING')
      .update({ status: 'SENT', secret: null, sent_at: now, locked_until: null, updated_at: now })
    return Number(marked)
  }

  /** The demo's accounts as the operator signs in with them. */
  #logins(): DemoLogin[] {
    return [
      { role: 'Super Admin', email: DEMO_ADMIN_EMAIL, note: 'the admin console at /admin' },
      ...DEMO_SHOPS.map((shop) => ({
        role: 'Seller' as const,
        email: shop.sellerEmail,
        note: shop.approved ? shop.name : `${shop.name} (awaiting approval)`,
      })),
      ...DEMO_CUSTOMERS.map((customer) => ({
        role: 'Customer' as const,
        email: customer.email,
        note: `${customer.fullName}, ${customer.city}`,
      })),
      {
        role: 'Customer',
        email: DEMO_MARKER_CUSTOMER.email,
        note: `${DEMO_MARKER_CUSTOMER.fullName}, new: no address or orders yet`,
      },
    ]
  }
}

const PAYMENT_CHOICES: readonly PaymentMethod[] = [
  'CREDIT_CARD',
  'CREDIT_CARD',
  'CREDIT_CARD',
  'PAYPAL',
  'PAYPAL',
  'DEBIT_CARD',
  'BANK_TRANSFER',
  'CASH_ON_DELIVERY',
]

const NOTES = [
  'Please leave the parcel with the neighbours at number 12 if nobody is home.',
  'It is a gift: no prices on the packing slip, please.',
  'Ring twice; the bell is quiet.',
]

const PRIVACY_TEXT = [
  'We keep the personal data we need to run your account and deliver your orders: your e-mail',
  'address, your delivery addresses and your orders. We share an order with the shop that ships',
  'it and with nobody else. You can ask us for a copy of your data, or to delete it, at any time.',
].join(' ')

const TERMS_TEXT = [
  'Each shop on this marketplace sells and ships its own products; your contract for an order is',
  'with that shop. Prices include the tax shown at checkout. You may cancel an order until it is',
  'shipped; a cancelled order is refunded in full.',
].join(' ')

/** A copy of `items` in an order drawn from `random` (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[copy[index], copy[other]] = [copy[other], copy[index]]
  }
  return copy
}

/** A moment of the last 90 minutes, but today in the store's time zone (an order still PENDING). */
function placedJustNow(now: DateTime, fraction: number): DateTime {
  const startOfDay = now.setZone(storeTimezone()).startOf('day')
  const window = Math.min(1.5 * HOUR, now.toMillis() - startOfDay.toMillis())
  return DateTime.fromMillis(now.toMillis() - Math.floor(window * fraction))
    .toUTC()
    .startOf('second')
}

/**
 * When a placement happened: at a daytime hour `daysAgo` days before now or, for today, at a
 * moment between the start of the store's day and now, so that it counts as today's.
 */
function placedInstant(now: DateTime, daysAgo: number, fraction: number): DateTime {
  if (daysAgo === 0) {
    const startOfDay = now.setZone(storeTimezone()).startOf('day')
    const elapsed = now.toMillis() - startOfDay.toMillis()
    return DateTime.fromMillis(startOfDay.toMillis() + Math.floor(elapsed * fraction))
      .toUTC()
      .startOf('second')
  }
  return now
    .minus({ days: daysAgo })
    .set({ hour: 8 + Math.floor(fraction * 13), minute: Math.floor(fraction * 3600) % 60 })
    .toUTC()
    .startOf('second')
}

/**
 * The changes an order placed `daysAgo` days ago has been through, each with how long after
 * placement it happened. Orders move a stage a day or two: confirmed the day after, shipped
 * within two days, delivered after four. A bank transfer waits for its payment before it is
 * confirmed; cash is paid on delivery. About one in ten orders without a coupon was cancelled,
 * and refunded in full by the cancellation when it had been paid; a few delivered ones were
 * refunded by an administrator, in full or half (returned). An administrator records the money
 * of every method but cash, which the seller records (docs/api/payments.md).
 */
function lifeOf(
  now: DateTime,
  placedAt: DateTime,
  daysAgo: number,
  paymentMethod: PaymentMethod,
  mayCancel: boolean,
  random: () => number
): Step[] {
  // Every order draws the same three numbers whatever path it takes, so the numbers later orders
  // draw, and with them the whole store, do not depend on the time of day the demo is made.
  const cancelRoll = random()
  const cancelledBySeller = random() < 0.5
  const refundRoll = random()
  const age = now.toMillis() - placedAt.toMillis()
  const paidUpFront = paymentMethod !== 'BANK_TRANSFER' && paymentMethod !== 'CASH_ON_DELIVERY'
  const planned: Array<{ change: Change; hours: number }> = []
  const then = (hours: number, change: Change) => planned.push({ change, hours })

  if (mayCancel && daysAgo >= 1 && cancelRoll < 0.1) {
    if (paidUpFront) then(0.2, { kind: 'payment', to: 'PAID', by: 'admin' })
    then(3, { kind: 'status', to: 'CANCELLED', by: cancelledBySeller ? 'seller' : 'customer' })
    return spread(planned, age)
  }

  if (paidUpFront) then(0.2, { kind: 'payment', to: 'PAID', by: 'admin' })
  if (paymentMethod === 'BANK_TRANSFER') {
    if (daysAgo <= 1) return spread(planned, age)
    then(20, { kind: 'payment', to: 'PAID', by: 'admin' })
  }
  if (daysAgo === 0 && age < 2 * HOUR) return spread(planned, age)
  then(paymentMethod === 'BANK_TRANSFER' ? 21 : 1.5, {
    kind: 'status',
    to: 'CONFIRMED',
    by: 'seller',
  })
  if (daysAgo < 2) return spread(planned, age)
  then(30, { kind: 'status', to: 'SHIPPED', by: 'seller' })
  if (daysAgo < 4) return spread(planned, age)
  then(80, { kind: 'status', to: 'DELIVERED', by: 'seller' })
  if (paymentMethod === 'CASH_ON_DELIVERY') {
    then(80.5, { kind: 'payment', to: 'PAID', by: 'seller' })
  }
  if (refundRoll < 0.05) {
    then(200, { kind: 'refund', share: 1, reason: 'Returned by the customer', by: 'admin' })
  } else if (refundRoll < 0.15) {
    then(200, { kind: 'refund', share: 0.5, reason: 'One item returned', by: 'admin' })
  }
  return spread(planned, age)
}

/**
 * Dates each change at its usual hour after placement, or earlier when the order is younger
 * than that: the i-th of n changes never later than (i + 1) / (n + 1) of the order's age. Both
 * bounds grow with i, so the changes stay in order, and all of them lie before now.
 */
function spread(planned: Array<{ change: Change; hours: number }>, age: number): Step[] {
  return planned.map(({ change, hours }, index) => ({
    change,
    after: Math.min(hours * HOUR, Math.floor((age * (index + 1)) / (planned.length + 1))),
  }))
}
