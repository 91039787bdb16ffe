import { test } from '@japa/runner'
import Category from '#models/category'
import db from '@adonisjs/lucid/services/db'
import { errors as shieldErrors } from '@adonisjs/shield'
import { describeError } from '#exceptions/describe_error'
import router from '@adonisjs/core/services/router'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import User from '#models/user'
import Policy from '#models/policy'
import Coupon from '#models/coupon'
import Shop from '#models/shop'
import Order from '#models/order'
import Payout from '#models/payout'
import { LedgerService } from '#services/ledger/ledger_service'
import OrderReturn from '#models/order_return'
import OrderReturnItem from '#models/order_return_item'
import TaxRate from '#models/tax_rate'
import ShippingMethod from '#models/shipping_method'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'
import ProductImage from '#models/product_image'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import { actorOf } from '#support/actor'
import { ProductService } from '#services/catalog/product_service'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { PolicyFactory } from '#database/factories/policy_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import { ShopFactory } from '#database/factories/shop_factory'
import { TaxRateFactory } from '#database/factories/tax_rate_factory'
import { ShippingMethodFactory } from '#database/factories/shipping_method_factory'
import { ProductFactory } from '#database/factories/product_factory'
import { placedCheckout } from '#tests/functional/orders/support'
import { CONSOLE_TOKEN_VERSION } from '#middleware/console_auth_middleware'
import { expectRedirect, signedIn, submitted } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import ApiKey from '#models/api_key'
import { storedEndpoint } from '#tests/functional/integrations/support'

/** The rows the console's routes act on, made fresh for each test. */
interface World {
  policy: Policy
  coupon: Coupon
  pendingShop: Shop
  approvedShop: Shop
  activeCustomer: User
  inactiveCustomer: User
  order: Order
  /** An order of the same checkout whose money was received. */
  paidOrder: Order
  taxRate: TaxRate
  category: Category
  activeMethod: ShippingMethod
  inactiveMethod: ShippingMethod
  activeProduct: Product
  /** A product with options, two variants and two images, for the edit page's forms. */
  optionsProduct: Product
  variantIds: string[]
  imageIds: string[]
  takenDownProduct: Product
  endpoint: WebhookEndpoint
  disabledEndpoint: WebhookEndpoint
  delivery: WebhookDelivery
  apiKey: ApiKey
  /** Returns of `order` in each status a step starts from (docs/api/returns.md). */
  requestedReturn: OrderReturn
  rejectableReturn: OrderReturn
  approvedReturn: OrderReturn
  /** A manual payout of `approvedShop` waiting to be marked paid or failed. */
  pendingPayout: Payout
}

/** A return of one unit of the order's first line, stored as if it had reached `status`. */
async function storedReturn(order: Order, status: 'REQUESTED' | 'APPROVED') {
  const [line] = await db.from('order_items').where('order_id', order.id).orderBy('position')
  const stored = await OrderReturn.create({
    orderId: order.id,
    shopId: order.shopId,
    userId: order.userId,
    status,
    reason: 'Matrix',
    decisionNote: null,
    refundAmountCents: 0,
    shippingRefundCents: 0,
    restocked: null,
    refundId: null,
  })
  await OrderReturnItem.create({
    returnId: stored.id,
    orderItemId: line.id,
    position: 1,
    productId: line.product_id,
    name: line.name,
    quantity: 1,
    refundAmountCents: 0,
  })
  return stored
}

/** A product with options made by its seller's own service, with two variants and two images. */
async function productWithOptions(seller: User, shop: Shop) {
  const products = await app.container.make(ProductService)
  const optionsProduct = await products.create(actorOf(seller), {
    shopId: shop.id,
    name: 'Matrix shirt',
    options: [{ name: 'Size', values: ['M', 'L', 'XL'] }],
    variants: [
      { sku: `MX-M-${worlds}`, priceCents: 1000, stock: 5, optionValues: { Size: 'M' } },
      { sku: `MX-L-${worlds}`, priceCents: 1100, stock: 5, optionValues: { Size: 'L' } },
    ],
  })
  const images = await ProductImage.createMany(
    [1, 2].map((position) => ({
      productId: optionsProduct.id,
      storageKey: `products/${optionsProduct.id}/${randomUUID()}.png`,
      contentType: 'image/png',
      sizeBytes: 10,
      position,
    }))
  )
  return {
    optionsProduct,
    variantIds: (optionsProduct.$extras.variants as Array<{ id: string }>).map(({ id }) => id),
    imageIds: images.map((image) => image.id),
  }
}

let worlds = 0

async function makeWorld(): Promise<World> {
  worlds += 1
  const seller = await makeUser(UserType.SELLER)
  const approvedShop = await ShopFactory.merge({ sellerId: seller.id }).create()
  // A balance a payout run can pay.
  await db.transaction((trx) =>
    new LedgerService().append(trx, [
      { shopId: approvedShop.id, type: 'ADJUSTMENT', amountCents: 2_000, reason: 'Matrix' },
    ])
  )
  return {
    policy: await PolicyFactory.merge({ version: `${worlds}.0` }).create(),
    coupon: await CouponFactory.merge({ code: `UNTOUCHED${worlds}` }).create(),
    pendingShop: await ShopFactory.merge({ sellerId: seller.id }).apply('pending').create(),
    approvedShop,
    activeCustomer: await makeUser(UserType.CUSTOMER),
    inactiveCustomer: await makeUser(UserType.CUSTOMER, { isActive: false }),
    ...(await placedCheckout().then(async ({ orders }) => {
      await db
        .from('orders')
        .where('id', orders[1].id)
        .update({ payment_status: 'PAID', paid_amount_cents: orders[1].totalCents })
      await db
        .from('payments')
        .where('checkout_id', orders[1].checkoutId)
        .update({ captured_amount_cents: orders[1].totalCents })
      return {
        order: orders[0],
        paidOrder: orders[1],
        requestedReturn: await storedReturn(orders[0], 'REQUESTED'),
        rejectableReturn: await storedReturn(orders[0], 'REQUESTED'),
        approvedReturn: await storedReturn(orders[0], 'APPROVED'),
      }
    })),
    taxRate: await TaxRateFactory.merge({ country: 'CA', region: `R${worlds}` }).create(),
    category: await Category.create({ name: 'Kept', slug: `kept-${worlds}`, parentId: null }),
    activeMethod: await ShippingMethodFactory.create(),
    inactiveMethod: await ShippingMethodFactory.apply('inactive').create(),
    activeProduct: await ProductFactory.merge({ shopId: approvedShop.id }).create(),
    ...(await productWithOptions(seller, approvedShop)),
    takenDownProduct: await ProductFactory.apply('takenDown')
      .merge({ shopId: approvedShop.id })
      .create(),
    ...(await storedEndpoint().then(({ endpoint, delivery }) => ({ endpoint, delivery }))),
    disabledEndpoint: await storedEndpoint(false).then(({ endpoint }) => endpoint),
    pendingPayout: await Payout.create({
      shopId: approvedShop.id,
      amountCents: 1_000,
      currency: 'USD',
      status: 'PENDING',
      provider: 'manual',
      reference: null,
      failureReason: null,
      createdBy: null,
      paidAt: null,
    }),
    apiKey: await ApiKey.create({
      name: `Key ${worlds}`,
      prefix: 'sk_live_fixture0',
      tokenHash: `${worlds}`.padStart(64, '0'),
      scopes: ['orders:read'],
      createdBy: seller.id,
      lastUsedAt: null,
      revokedAt: null,
    }),
  }
}

/** A console route by name, how to call it, and (for actions) the state a successful call changes. */
interface ConsoleRoute {
  name: string
  /** The route's `:id` (and `:variantId`, `:imageId`), from the world of the test. */
  params?: (world: World) => Record<string, string>
  form?: Record<string, string>
  /** A form that names rows of the world of the test (instead of `form`). */
  formOf?: (world: World) => Record<string, string>
  /** A page's query string. */
  query?: Record<string, string>
  snapshot?: (world: World) => Promise<unknown>
  /** A page only a Super Admin may see: an Admin gets the 403 page. */
  superAdminOnly?: boolean
  /**
   * How an administrator reaches a route that needs more than one request to succeed (a second
   * factor set up over several steps): its own refusal back to the page (`refused`), a 404 page
   * for a passkey that is not theirs (`not_found`), or the JSON its script reads (`json`).
   */
  reached?: 'refused' | 'not_found' | 'json'
}

/** An id no passkey has: the second-factor routes of one reach only the actor's own. */
const NO_PASSKEY = { id: '00000000-0000-4000-8000-000000000000' }

const couponForm = {
  _form: 'coupon',
  code: 'CREATED',
  discountType: 'FIXED',
  discountValue: '5',
  startDate: '2031-01-01T00:00',
  endDate: '2031-12-31T00:00',
  isActive: 'true',
}

const ROUTES: ConsoleRoute[] = [
  { name: 'console.logout' },
  { name: 'console.dashboard' },
  { name: 'console.search.index' },
  { name: 'console.users.index' },
  {
    name: 'console.users.show',
    params: (world) => ({ id: world.activeCustomer.id }),
  },
  {
    name: 'console.users.activate',
    params: (world) => ({ id: world.inactiveCustomer.id }),
    snapshot: (world) => User.findOrFail(world.inactiveCustomer.id).then((row) => row.isActive),
  },
  {
    name: 'console.users.confirm_deactivate',
    params: (world) => ({ id: world.activeCustomer.id }),
  },
  {
    name: 'console.users.deactivate',
    params: (world) => ({ id: world.activeCustomer.id }),
    snapshot: (world) => User.findOrFail(world.activeCustomer.id).then((row) => row.isActive),
  },
  {
    name: 'console.users.type',
    params: (world) => ({ id: world.activeCustomer.id }),
    form: { userType: 'SELLER' },
    snapshot: (world) => User.findOrFail(world.activeCustomer.id).then((row) => row.userType),
  },
  {
    name: 'console.users.export',
    params: (world) => ({ id: world.activeCustomer.id }),
  },
  {
    name: 'console.users.confirm_erase',
    params: (world) => ({ id: world.activeCustomer.id }),
  },
  {
    name: 'console.users.erase',
    params: (world) => ({ id: world.activeCustomer.id }),
    form: { confirm: 'on' },
    snapshot: (world) => User.findOrFail(world.activeCustomer.id).then((row) => row.erasedAt),
  },
  { name: 'console.policies.index' },
  { name: 'console.policies.create' },
  {
    name: 'console.policies.store',
    form: {
      type: 'TERMS_CONDITIONS',
      title: 'Terms',
      content: 'Text',
      version: '1',
      effectiveDate: '2030-01-01T00:00',
    },
    snapshot: () =>
      Policy.query()
        .where('type', 'TERMS_CONDITIONS')
        .then((rows) => rows.length),
  },
  {
    name: 'console.policies.edit',
    params: (world) => ({ id: world.policy.id }),
  },
  {
    name: 'console.policies.update',
    params: (world) => ({ id: world.policy.id }),
    form: { title: 'Changed' },
    snapshot: (world) => Policy.findOrFail(world.policy.id).then((row) => row.title),
  },
  {
    name: 'console.policies.confirm_deactivate',
    params: (world) => ({ id: world.policy.id }),
  },
  {
    name: 'console.policies.deactivate',
    params: (world) => ({ id: world.policy.id }),
    snapshot: (world) => Policy.findOrFail(world.policy.id).then((row) => row.isActive),
  },
  { name: 'console.coupons.index' },
  { name: 'console.coupons.create' },
  {
    name: 'console.coupons.store',
    form: couponForm,
    snapshot: () =>
      Coupon.query()
        .where('code', 'CREATED')
        .then((rows) => rows.length),
  },
  {
    name: 'console.coupons.edit',
    params: (world) => ({ id: world.coupon.id }),
  },
  {
    name: 'console.coupons.update',
    params: (world) => ({ id: world.coupon.id }),
    form: { ...couponForm, code: 'EDITED' },
    snapshot: (world) => Coupon.findOrFail(world.coupon.id).then((row) => row.code),
  },
  {
    name: 'console.coupons.confirm_destroy',
    params: (world) => ({ id: world.coupon.id }),
  },
  {
    name: 'console.coupons.destroy',
    params: (world) => ({ id: world.coupon.id }),
    snapshot: (world) => Coupon.findOrFail(world.coupon.id).then((row) => row.deletedAt === null),
  },
  { name: 'console.shops.index' },
  {
    name: 'console.shops.show',
    params: (world) => ({ id: world.approvedShop.id }),
  },
  {
    name: 'console.shops.confirm_suspend',
    params: (world) => ({ id: world.approvedShop.id }),
  },
  {
    name: 'console.shops.approve',
    params: (world) => ({ id: world.pendingShop.id }),
    snapshot: (world) => Shop.findOrFail(world.pendingShop.id).then((row) => row.status),
  },
  {
    name: 'console.shops.suspend',
    params: (world) => ({ id: world.approvedShop.id }),
    snapshot: (world) => Shop.findOrFail(world.approvedShop.id).then((row) => row.status),
  },
  {
    name: 'console.shops.ledger',
    params: (world) => ({ id: world.approvedShop.id }),
  },
  {
    name: 'console.shops.commission',
    params: (world) => ({ id: world.approvedShop.id }),
    form: { rate: '15' },
    snapshot: (world) => Shop.findOrFail(world.approvedShop.id).then((row) => row.commissionRate),
  },
  {
    name: 'console.shops.adjust',
    params: (world) => ({ id: world.approvedShop.id }),
    form: { amount: '5', reason: 'Goodwill' },
    snapshot: (world) =>
      db
        .from('ledger_entries')
        .where('shop_id', world.approvedShop.id)
        .then((rows) => rows.length),
  },
  { name: 'console.orders.index' },
  {
    name: 'console.orders.show',
    params: (world) => ({ id: world.order.id }),
  },
  {
    name: 'console.orders.confirm_cancel',
    params: (world) => ({ id: world.order.id }),
  },
  {
    name: 'console.orders.status',
    params: (world) => ({ id: world.order.id }),
    form: { status: 'CONFIRMED' },
    snapshot: (world) => Order.findOrFail(world.order.id).then((row) => row.status),
  },
  {
    name: 'console.orders.payment_status',
    params: (world) => ({ id: world.order.id }),
    form: { paymentStatus: 'PAID' },
    snapshot: (world) => Order.findOrFail(world.order.id).then((row) => row.paymentStatus),
  },
  {
    name: 'console.orders.confirm_refund',
    params: (world) => ({ id: world.paidOrder.id }),
    query: { amount: '1.00', reason: 'Matrix' },
  },
  {
    name: 'console.orders.refund',
    params: (world) => ({ id: world.paidOrder.id }),
    form: { amount: '1.00', reason: 'Matrix' },
    snapshot: (world) =>
      Order.findOrFail(world.paidOrder.id).then((row) => row.refundedAmountCents),
  },
  { name: 'console.payments.index' },
  { name: 'console.payouts.index' },
  { name: 'console.payouts.export' },
  { name: 'console.payouts.confirm_run' },
  {
    name: 'console.payouts.run',
    snapshot: (world) =>
      Payout.query()
        .where('shop_id', world.approvedShop.id)
        .then((rows) => rows.length),
  },
  {
    name: 'console.payouts.paid',
    params: (world) => ({ id: world.pendingPayout.id }),
    form: { reference: 'Matrix' },
    snapshot: (world) => Payout.findOrFail(world.pendingPayout.id).then((row) => row.status),
  },
  {
    name: 'console.payouts.failed',
    params: (world) => ({ id: world.pendingPayout.id }),
    form: { reason: 'Matrix' },
    snapshot: (world) => Payout.findOrFail(world.pendingPayout.id).then((row) => row.status),
  },
  {
    name: 'console.shops.stripe_account',
    params: (world) => ({ id: world.approvedShop.id }),
    form: { stripeAccountId: 'acct_1Matrix' },
    snapshot: (world) => Shop.findOrFail(world.approvedShop.id).then((row) => row.stripeAccountId),
  },
  { name: 'console.returns.index' },
  {
    name: 'console.returns.show',
    params: (world) => ({ id: world.requestedReturn.id }),
  },
  {
    name: 'console.returns.approve',
    params: (world) => ({ id: world.requestedReturn.id }),
    snapshot: (world) => OrderReturn.findOrFail(world.requestedReturn.id).then((row) => row.status),
  },
  {
    name: 'console.returns.reject',
    params: (world) => ({ id: world.rejectableReturn.id }),
    form: { note: 'Matrix' },
    snapshot: (world) =>
      OrderReturn.findOrFail(world.rejectableReturn.id).then((row) => row.status),
  },
  {
    name: 'console.returns.receive',
    params: (world) => ({ id: world.approvedReturn.id }),
    form: { restock: '1' },
    snapshot: (world) => OrderReturn.findOrFail(world.approvedReturn.id).then((row) => row.status),
  },
  {
    name: 'console.activity.index',
    superAdminOnly: true,
  },
  { name: 'console.orders.export' },
  {
    name: 'console.policies.export_consents',
  },
  { name: 'console.tax_rates.index' },
  { name: 'console.tax_rates.create' },
  {
    name: 'console.tax_rates.store',
    form: { country: 'FR', region: '', rate: '20' },
    snapshot: () =>
      TaxRate.query()
        .where('country', 'FR')
        .then((rows) => rows.length),
  },
  {
    name: 'console.tax_rates.edit',
    params: (world) => ({ id: world.taxRate.id }),
  },
  {
    name: 'console.tax_rates.update',
    params: (world) => ({ id: world.taxRate.id }),
    form: { country: 'CA', region: 'ON', rate: '5' },
    snapshot: (world) => TaxRate.findOrFail(world.taxRate.id).then((row) => row.rate),
  },
  {
    name: 'console.tax_rates.confirm_destroy',
    params: (world) => ({ id: world.taxRate.id }),
  },
  {
    name: 'console.tax_rates.destroy',
    params: (world) => ({ id: world.taxRate.id }),
    snapshot: (world) => TaxRate.find(world.taxRate.id).then((row) => row !== null),
  },
  { name: 'console.categories.index' },
  { name: 'console.categories.create' },
  {
    name: 'console.categories.store',
    form: { name: 'Lamps', slug: 'auth-lamps', parentId: '' },
    snapshot: () =>
      Category.query()
        .where('slug', 'auth-lamps')
        .then((rows) => rows.length),
  },
  {
    name: 'console.categories.edit',
    params: (world) => ({ id: world.category.id }),
  },
  {
    name: 'console.categories.update',
    params: (world) => ({ id: world.category.id }),
    form: { name: 'Renamed', slug: 'renamed', parentId: '' },
    snapshot: (world) => Category.findOrFail(world.category.id).then((row) => row.name),
  },
  {
    name: 'console.categories.confirm_destroy',
    params: (world) => ({ id: world.category.id }),
  },
  {
    name: 'console.categories.destroy',
    params: (world) => ({ id: world.category.id }),
    snapshot: (world) => Category.find(world.category.id).then((row) => row !== null),
  },
  { name: 'console.shipping_methods.index' },
  {
    name: 'console.shipping_methods.create',
  },
  {
    name: 'console.shipping_methods.store',
    form: { _form: 'shipping-method', name: 'Created', price: '4', estimatedDays: '3' },
    snapshot: () =>
      ShippingMethod.query()
        .where('name', 'Created')
        .then((rows) => rows.length),
  },
  {
    name: 'console.shipping_methods.edit',
    params: (world) => ({ id: world.activeMethod.id }),
  },
  {
    name: 'console.shipping_methods.update',
    params: (world) => ({ id: world.activeMethod.id }),
    form: {
      _form: 'shipping-method',
      name: 'Edited',
      price: '4',
      estimatedDays: '3',
      isActive: 'true',
    },
    snapshot: (world) => ShippingMethod.findOrFail(world.activeMethod.id).then((row) => row.name),
  },
  {
    name: 'console.shipping_methods.deactivate',
    params: (world) => ({ id: world.activeMethod.id }),
    snapshot: (world) =>
      ShippingMethod.findOrFail(world.activeMethod.id).then((row) => row.isActive),
  },
  {
    name: 'console.shipping_methods.activate',
    params: (world) => ({ id: world.inactiveMethod.id }),
    snapshot: (world) =>
      ShippingMethod.findOrFail(world.inactiveMethod.id).then((row) => row.isActive),
  },
  { name: 'console.products.index' },
  {
    name: 'console.products.show',
    params: (world) => ({ id: world.activeProduct.id }),
  },
  {
    name: 'console.products.confirm_take_down',
    params: (world) => ({ id: world.activeProduct.id }),
  },
  {
    name: 'console.products.take_down',
    params: (world) => ({ id: world.activeProduct.id }),
    form: { reason: 'Counterfeit goods' },
    snapshot: (world) =>
      Product.findOrFail(world.activeProduct.id).then((row) => row.takedownReason),
  },
  {
    name: 'console.products.restore',
    params: (world) => ({ id: world.takenDownProduct.id }),
    snapshot: (world) =>
      Product.findOrFail(world.takenDownProduct.id).then((row) => row.takenDownAt === null),
  },
  {
    name: 'console.products.edit',
    params: (world) => ({ id: world.optionsProduct.id }),
  },
  {
    name: 'console.products.update',
    params: (world) => ({ id: world.activeProduct.id }),
    form: { _form: 'product', name: 'Edited by the matrix' },
    snapshot: (world) => Product.findOrFail(world.activeProduct.id).then((row) => row.name),
  },
  {
    name: 'console.products.variants.store',
    params: (world) => ({ id: world.optionsProduct.id }),
    form: {
      'options[0][name]': 'Size',
      'options[0][value]': 'XL',
      'sku': 'MATRIX-XL',
      'price': '12',
      'stock': '1',
    },
    snapshot: (world) =>
      db
        .from('product_variants')
        .where('product_id', world.optionsProduct.id)
        .then((rows) => rows.length),
  },
  {
    name: 'console.products.variants.update',
    params: (world) => ({ id: world.optionsProduct.id, variantId: world.variantIds[0] }),
    form: { price: '9.5', stock: '2', isActive: 'true' },
    snapshot: (world) =>
      ProductVariant.findOrFail(world.variantIds[0]).then((row) => row.priceCents),
  },
  {
    name: 'console.products.variants.confirm_destroy',
    params: (world) => ({ id: world.optionsProduct.id, variantId: world.variantIds[1] }),
  },
  {
    name: 'console.products.variants.destroy',
    params: (world) => ({ id: world.optionsProduct.id, variantId: world.variantIds[1] }),
    snapshot: (world) =>
      ProductVariant.findOrFail(world.variantIds[1]).then((row) => row.deletedAt === null),
  },
  // A form without its file is refused: reaching that refusal is being let in (an upload itself:
  // tests/functional/console/product_edit.spec.ts).
  {
    name: 'console.products.images.store',
    params: (world) => ({ id: world.optionsProduct.id }),
    reached: 'refused',
  },
  {
    name: 'console.products.images.reorder',
    params: (world) => ({ id: world.optionsProduct.id }),
    formOf: (world) => ({ 'imageIds[0]': world.imageIds[1], 'imageIds[1]': world.imageIds[0] }),
    snapshot: (world) => ProductImage.findOrFail(world.imageIds[0]).then((row) => row.position),
  },
  {
    name: 'console.products.images.confirm_destroy',
    params: (world) => ({ id: world.optionsProduct.id, imageId: world.imageIds[0] }),
  },
  {
    name: 'console.products.images.destroy',
    params: (world) => ({ id: world.optionsProduct.id, imageId: world.imageIds[0] }),
    snapshot: (world) => ProductImage.find(world.imageIds[0]).then((row) => row !== null),
  },
  { name: 'console.webhooks.index' },
  { name: 'console.webhooks.create' },
  {
    name: 'console.webhooks.store',
    form: { url: 'http://127.0.0.1:9/created', events: 'order.placed' },
    snapshot: () =>
      WebhookEndpoint.query()
        .where('url', 'http://127.0.0.1:9/created')
        .then((rows) => rows.length),
  },
  { name: 'console.webhooks.show', params: (world) => ({ id: world.endpoint.id }) },
  {
    name: 'console.webhooks.disable',
    params: (world) => ({ id: world.endpoint.id }),
    snapshot: (world) => WebhookEndpoint.findOrFail(world.endpoint.id).then((row) => row.enabled),
  },
  {
    name: 'console.webhooks.enable',
    params: (world) => ({ id: world.disabledEndpoint.id }),
    snapshot: (world) =>
      WebhookEndpoint.findOrFail(world.disabledEndpoint.id).then((row) => row.enabled),
  },
  {
    name: 'console.webhooks.rotate_secret',
    params: (world) => ({ id: world.endpoint.id }),
    snapshot: (world) => WebhookEndpoint.findOrFail(world.endpoint.id).then((row) => row.secrets),
  },
  {
    name: 'console.webhooks.redeliver',
    params: (world) => ({ id: world.delivery.id }),
    snapshot: (world) => WebhookDelivery.findOrFail(world.delivery.id).then((row) => row.status),
  },
  { name: 'console.api_keys.index' },
  {
    name: 'console.api_keys.store',
    form: { name: 'Created key', scopes: 'orders:read' },
    snapshot: () =>
      ApiKey.query()
        .where('name', 'Created key')
        .then((rows) => rows.length),
  },
  {
    name: 'console.api_keys.revoke',
    params: (world) => ({ id: world.apiKey.id }),
    snapshot: (world) => ApiKey.findOrFail(world.apiKey.id).then((row) => row.revokedAt),
  },
  { name: 'console.security.show' },
  { name: 'console.security.totp.create' },
  // Without a setup under way (the create page's), a code is refused.
  { name: 'console.security.totp.store', form: { code: '123456' }, reached: 'refused' },
  { name: 'console.security.totp.confirm_destroy' },
  { name: 'console.security.totp.destroy', reached: 'refused' },
  { name: 'console.security.recovery_codes.show' },
  { name: 'console.security.recovery_codes.store', reached: 'refused' },
  { name: 'console.security.passkeys.options', reached: 'json' },
  { name: 'console.security.passkeys.store', reached: 'refused' },
  {
    name: 'console.security.passkeys.update',
    params: () => NO_PASSKEY,
    form: { name: 'Renamed' },
    reached: 'refused',
  },
  {
    name: 'console.security.passkeys.confirm_destroy',
    params: () => NO_PASSKEY,
    reached: 'not_found',
  },
  { name: 'console.security.passkeys.destroy', params: () => NO_PASSKEY, reached: 'refused' },
]

/**
 * The sign-in routes are the only console routes open to everyone (the second step acts only
 * for the account whose password the session accepted: tests/functional/console/two_factor.spec.ts),
 * with the WebAuthn script they load.
 */
const PUBLIC = [
  'console.login',
  'console.login.store',
  'console.login.verify',
  'console.login.verify.store',
  'console.login.passkey.options',
  'console.login.passkey',
  'console.assets.webauthn',
]

/** A page (GET) rather than a form's action. */
function isPage(route: ConsoleRoute): boolean {
  return router.findOrFail(route.name).methods.includes('GET')
}

/** A page is opened; a form is posted as the console's form sends it (method spoofing too). */
function requestFor(client: ApiClient, route: ConsoleRoute, world: World): ApiRequest {
  const params = route.params?.(world) ?? {}
  if (isPage(route)) {
    return client.get(urlFor(route.name as 'console.dashboard', params)).qs(route.query ?? {})
  }
  const request = client.post(formAction(route.name as 'console.logout', params))
  const form = route.formOf?.(world) ?? route.form
  return form ? request.form(form) : request
}

/**
 * Who may use the console, one row per kind of visitor: only an active Admin or Super Admin gets
 * in; everyone else is sent to the sign-in page with nothing changed (a signed-in one with their
 * console session ended).
 */
const VISITORS: Array<{
  who: string
  type: UserType | null
  deactivated?: boolean
  reaches: boolean
}> = [
  { who: 'a guest', type: null, reaches: false },
  { who: 'a customer', type: UserType.CUSTOMER, reaches: false },
  { who: 'a seller', type: UserType.SELLER, reaches: false },
  { who: 'an Admin', type: UserType.ADMIN, reaches: true },
  { who: 'a Super Admin', type: UserType.SUPER_ADMIN, reaches: true },
  {
    who: 'a deactivated Super Admin',
    type: UserType.SUPER_ADMIN,
    deactivated: true,
    reaches: false,
  },
]

/**
 * Calls `route` as `user` from a console page, with the form token; a guest's form carries a
 * token too, so the missing session (not the token) is what refuses it.
 */
function visit(client: ApiClient, route: ConsoleRoute, world: World, user: User | null) {
  const request = requestFor(client, route, world)
  if (user) return submitted(request, user, urlFor('console.dashboard'))
  return isPage(route) ? request.redirects(0) : request.redirects(0).withCsrfToken()
}

/** The state every action would change, to compare before and after. */
async function snapshot(world: World) {
  return Promise.all(ROUTES.map((route) => route.snapshot?.(world)))
}

test.group('Console authorization', (group) => {
  eachInTransaction(group)

  test('this matrix covers every console route', ({ assert }) => {
    const registered = Object.values(router.toJSON())
      .flat()
      .filter((route) => route.pattern === '/admin' || route.pattern.startsWith('/admin/'))
      .map((route) => route.name)
    const covered = ROUTES.map((route) => route.name)
    assert.sameMembers(registered, [...covered, ...PUBLIC])
  })

  test('{who}: every console page and action')
    .with(VISITORS)
    .run(async ({ client, assert }, visitor) => {
      const user = visitor.type
        ? await makeUser(visitor.type, { isActive: !visitor.deactivated })
        : null
      if (!visitor.reaches) {
        const world = await makeWorld()
        const before = await snapshot(world)
        for (const route of ROUTES) {
          const flash = expectRedirect(
            assert,
            await visit(client, route, world, user),
            urlFor('console.login')
          )
          if (user) assert.equal(flash.error, 'Your session has ended. Sign in again.', route.name)
        }
        assert.deepEqual(await snapshot(world), before)
        return
      }
      for (const route of ROUTES) {
        // Each action gets rows of its own, so one action's change cannot hide another's.
        const world = await makeWorld()
        const before = await route.snapshot?.(world)
        const response = await visit(client, route, world, user)
        const label = route.name
        if (isPage(route)) {
          const refused = route.superAdminOnly && visitor.type !== UserType.SUPER_ADMIN
          const status = route.reached === 'not_found' ? 404 : refused ? 403 : 200
          assert.equal(response.status(), status, label)
          continue
        }
        const flash = response.flashMessages() as Record<string, unknown>
        if (route.reached === 'json') {
          assert.equal(response.status(), 200, label)
          assert.isString(response.body().challenge, label)
          continue
        }
        if (route.reached === 'refused') {
          expectRedirect(assert, response, urlFor('console.dashboard'))
          assert.isString(flash.error, label)
          assert.notEqual(flash.error, 'Your session has ended. Sign in again.', label)
          continue
        }
        assert.equal(response.status(), 302, label)
        assert.isString(flash.success, `${label}: ${JSON.stringify(flash)}`)
        if (route.snapshot) assert.notDeepEqual(await route.snapshot(world), before, label)
      }
    })

  test('an admin whose account changed since sign-in is sent away', async ({ client, assert }) => {
    const world = await makeWorld()
    const before = await snapshot(world)
    const changed = await makeUser(UserType.SUPER_ADMIN, { tokenVersion: 3 })
    for (const route of ROUTES) {
      const response = await requestFor(client, route, world)
        .withGuard('web')
        .loginAs(changed)
        .withSession({ [CONSOLE_TOKEN_VERSION]: 2 })
        .withCsrfToken()
        .redirects(0)
      expectRedirect(assert, response, urlFor('console.login'))
    }
    assert.deepEqual(await snapshot(world), before)
  })

  test('a form posted without its CSRF token changes nothing', async ({ client, assert }) => {
    const world = await makeWorld()
    const before = await snapshot(world)
    const admin = await makeUser(UserType.SUPER_ADMIN)
    for (const route of ROUTES.filter((candidate) => !isPage(candidate))) {
      const response = await signedIn(requestFor(client, route, world), admin).header(
        'Referer',
        `http://localhost${urlFor('console.users.index')}`
      )
      const flash = expectRedirect(assert, response, urlFor('console.users.index'))
      assert.equal(flash.error, 'The form has expired; reload the page and try again')
    }
    assert.deepEqual(await snapshot(world), before)
    // The console shows the message of the code Shield's refusal maps to.
    const refusal = describeError(new shieldErrors.E_BAD_CSRF_TOKEN())
    assert.deepEqual([refusal.status, refusal.code], [403, 'CSRF_TOKEN_INVALID'])
  })

  test('an Admin may not manage administrator accounts nor grant their types', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const otherAdmin = await makeUser(UserType.ADMIN)
    const inactiveAdmin = await makeUser(UserType.ADMIN, { isActive: false })
    const customer = await makeUser(UserType.CUSTOMER)
    const attempts = [
      { path: formAction('console.users.deactivate', { id: otherAdmin.id }), form: {} },
      { path: formAction('console.users.activate', { id: inactiveAdmin.id }), form: {} },
      {
        path: formAction('console.users.type', { id: otherAdmin.id }),
        form: { userType: 'CUSTOMER' },
      },
      { path: formAction('console.users.type', { id: customer.id }), form: { userType: 'ADMIN' } },
      {
        path: formAction('console.users.type', { id: customer.id }),
        form: { userType: 'SUPER_ADMIN' },
      },
    ]
    for (const attempt of attempts) {
      const response = await submitted(
        client.post(attempt.path).form(attempt.form),
        admin,
        urlFor('console.users.index')
      )
      const flash = expectRedirect(assert, response, urlFor('console.users.index'))
      assert.equal(flash.error, 'Only a Super Admin may manage or grant administrator accounts')
    }
    await otherAdmin.refresh()
    await inactiveAdmin.refresh()
    await customer.refresh()
    assert.isTrue(otherAdmin.isActive)
    assert.equal(otherAdmin.userType, UserType.ADMIN)
    assert.isFalse(inactiveAdmin.isActive)
    assert.equal(customer.userType, UserType.CUSTOMER)
  })

  test('a Super Admin may manage administrator accounts', async ({ client, assert }) => {
    const superAdmin = await makeUser(UserType.SUPER_ADMIN)
    const admin = await makeUser(UserType.ADMIN)
    const customer = await makeUser(UserType.CUSTOMER)

    const deactivate = await submitted(
      client.post(formAction('console.users.deactivate', { id: admin.id })),
      superAdmin,
      urlFor('console.users.index')
    )
    assert.equal(
      expectRedirect(assert, deactivate, urlFor('console.users.show', { id: admin.id })).success,
      `${admin.email} is now deactivated.`
    )
    const promote = await submitted(
      client
        .post(formAction('console.users.type', { id: customer.id }))
        .form({ userType: 'ADMIN' }),
      superAdmin,
      urlFor('console.users.index')
    )
    assert.equal(
      expectRedirect(assert, promote, urlFor('console.users.index')).success,
      `${customer.email} is now ADMIN.`
    )

    await admin.refresh()
    await customer.refresh()
    assert.isFalse(admin.isActive)
    assert.equal(customer.userType, UserType.ADMIN)
  })
})
