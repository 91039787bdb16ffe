import { test } from '@japa/runner'
import { errors as shieldErrors } from '@adonisjs/shield'
import { describeError } from '#exceptions/describe_error'
import router from '@adonisjs/core/services/router'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import User from '#models/user'
import Policy from '#models/policy'
import Coupon from '#models/coupon'
import Shop from '#models/shop'
import Order from '#models/order'
import TaxRate from '#models/tax_rate'
import ShippingMethod from '#models/shipping_method'
import Product from '#models/product'
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

/** The rows the console's routes act on, made fresh for each test. */
interface World {
  policy: Policy
  coupon: Coupon
  pendingShop: Shop
  approvedShop: Shop
  activeCustomer: User
  inactiveCustomer: User
  order: Order
  taxRate: TaxRate
  activeMethod: ShippingMethod
  inactiveMethod: ShippingMethod
  activeProduct: Product
  takenDownProduct: Product
}

let worlds = 0

async function makeWorld(): Promise<World> {
  worlds += 1
  const seller = await makeUser(UserType.SELLER)
  const approvedShop = await ShopFactory.merge({ sellerId: seller.id }).create()
  return {
    policy: await PolicyFactory.merge({ version: `${worlds}.0` }).create(),
    coupon: await CouponFactory.merge({ code: `UNTOUCHED${worlds}` }).create(),
    pendingShop: await ShopFactory.merge({ sellerId: seller.id }).apply('pending').create(),
    approvedShop,
    activeCustomer: await makeUser(UserType.CUSTOMER),
    inactiveCustomer: await makeUser(UserType.CUSTOMER, { isActive: false }),
    order: await placedCheckout().then(({ orders }) => orders[0]),
    taxRate: await TaxRateFactory.merge({ country: 'CA', region: `R${worlds}` }).create(),
    activeMethod: await ShippingMethodFactory.create(),
    inactiveMethod: await ShippingMethodFactory.apply('inactive').create(),
    activeProduct: await ProductFactory.merge({ shopId: approvedShop.id }).create(),
    takenDownProduct: await ProductFactory.apply('takenDown')
      .merge({ shopId: approvedShop.id })
      .create(),
  }
}

/** A console route, how to call it, and (for actions) the state a successful call changes. */
interface ConsoleRoute {
  method: 'GET' | 'POST'
  pattern: string
  path: (world: World) => string
  form?: Record<string, string>
  snapshot?: (world: World) => Promise<unknown>
  /** A page only a Super Admin may see: an Admin gets the 403 page. */
  superAdminOnly?: boolean
}

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
  { method: 'POST', pattern: '/admin/logout', path: () => '/admin/logout' },
  { method: 'GET', pattern: '/admin', path: () => '/admin' },
  { method: 'GET', pattern: '/admin/users', path: () => '/admin/users' },
  {
    method: 'GET',
    pattern: '/admin/users/:id',
    path: (world) => `/admin/users/${world.activeCustomer.id}`,
  },
  {
    method: 'POST',
    pattern: '/admin/users/:id/activate',
    path: (world) => `/admin/users/${world.inactiveCustomer.id}/activate`,
    snapshot: (world) => User.findOrFail(world.inactiveCustomer.id).then((row) => row.isActive),
  },
  {
    method: 'POST',
    pattern: '/admin/users/:id/deactivate',
    path: (world) => `/admin/users/${world.activeCustomer.id}/deactivate`,
    snapshot: (world) => User.findOrFail(world.activeCustomer.id).then((row) => row.isActive),
  },
  {
    method: 'POST',
    pattern: '/admin/users/:id/type',
    path: (world) => `/admin/users/${world.activeCustomer.id}/type`,
    form: { userType: 'SELLER' },
    snapshot: (world) => User.findOrFail(world.activeCustomer.id).then((row) => row.userType),
  },
  { method: 'GET', pattern: '/admin/policies', path: () => '/admin/policies' },
  { method: 'GET', pattern: '/admin/policies/new', path: () => '/admin/policies/new' },
  {
    method: 'POST',
    pattern: '/admin/policies',
    path: () => '/admin/policies',
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
    method: 'GET',
    pattern: '/admin/policies/:id/edit',
    path: (world) => `/admin/policies/${world.policy.id}/edit`,
  },
  {
    method: 'POST',
    pattern: '/admin/policies/:id',
    path: (world) => `/admin/policies/${world.policy.id}`,
    form: { title: 'Changed' },
    snapshot: (world) => Policy.findOrFail(world.policy.id).then((row) => row.title),
  },
  {
    method: 'GET',
    pattern: '/admin/policies/:id/deactivate',
    path: (world) => `/admin/policies/${world.policy.id}/deactivate`,
  },
  {
    method: 'POST',
    pattern: '/admin/policies/:id/deactivate',
    path: (world) => `/admin/policies/${world.policy.id}/deactivate`,
    snapshot: (world) => Policy.findOrFail(world.policy.id).then((row) => row.isActive),
  },
  { method: 'GET', pattern: '/admin/coupons', path: () => '/admin/coupons' },
  { method: 'GET', pattern: '/admin/coupons/new', path: () => '/admin/coupons/new' },
  {
    method: 'POST',
    pattern: '/admin/coupons',
    path: () => '/admin/coupons',
    form: couponForm,
    snapshot: () =>
      Coupon.query()
        .where('code', 'CREATED')
        .then((rows) => rows.length),
  },
  {
    method: 'GET',
    pattern: '/admin/coupons/:id/edit',
    path: (world) => `/admin/coupons/${world.coupon.id}/edit`,
  },
  {
    method: 'POST',
    pattern: '/admin/coupons/:id',
    path: (world) => `/admin/coupons/${world.coupon.id}`,
    form: { ...couponForm, code: 'EDITED' },
    snapshot: (world) => Coupon.findOrFail(world.coupon.id).then((row) => row.code),
  },
  {
    method: 'GET',
    pattern: '/admin/coupons/:id/delete',
    path: (world) => `/admin/coupons/${world.coupon.id}/delete`,
  },
  {
    method: 'POST',
    pattern: '/admin/coupons/:id/delete',
    path: (world) => `/admin/coupons/${world.coupon.id}/delete`,
    snapshot: (world) => Coupon.findOrFail(world.coupon.id).then((row) => row.deletedAt === null),
  },
  { method: 'GET', pattern: '/admin/shops', path: () => '/admin/shops' },
  {
    method: 'POST',
    pattern: '/admin/shops/:id/approve',
    path: (world) => `/admin/shops/${world.pendingShop.id}/approve`,
    snapshot: (world) => Shop.findOrFail(world.pendingShop.id).then((row) => row.status),
  },
  {
    method: 'POST',
    pattern: '/admin/shops/:id/suspend',
    path: (world) => `/admin/shops/${world.approvedShop.id}/suspend`,
    snapshot: (world) => Shop.findOrFail(world.approvedShop.id).then((row) => row.status),
  },
  { method: 'GET', pattern: '/admin/orders', path: () => '/admin/orders' },
  {
    method: 'GET',
    pattern: '/admin/orders/:id',
    path: (world) => `/admin/orders/${world.order.id}`,
  },
  {
    method: 'GET',
    pattern: '/admin/orders/:id/cancel',
    path: (world) => `/admin/orders/${world.order.id}/cancel`,
  },
  {
    method: 'POST',
    pattern: '/admin/orders/:id/status',
    path: (world) => `/admin/orders/${world.order.id}/status`,
    form: { status: 'CONFIRMED' },
    snapshot: (world) => Order.findOrFail(world.order.id).then((row) => row.status),
  },
  {
    method: 'POST',
    pattern: '/admin/orders/:id/payment-status',
    path: (world) => `/admin/orders/${world.order.id}/payment-status`,
    form: { paymentStatus: 'PAID' },
    snapshot: (world) => Order.findOrFail(world.order.id).then((row) => row.paymentStatus),
  },
  {
    method: 'GET',
    pattern: '/admin/activity',
    path: () => '/admin/activity',
    superAdminOnly: true,
  },
  { method: 'GET', pattern: '/admin/orders/export', path: () => '/admin/orders/export' },
  {
    method: 'GET',
    pattern: '/admin/policies/consents/export',
    path: () => '/admin/policies/consents/export',
  },
  { method: 'GET', pattern: '/admin/tax-rates', path: () => '/admin/tax-rates' },
  { method: 'GET', pattern: '/admin/tax-rates/new', path: () => '/admin/tax-rates/new' },
  {
    method: 'POST',
    pattern: '/admin/tax-rates',
    path: () => '/admin/tax-rates',
    form: { country: 'FR', region: '', rate: '20' },
    snapshot: () =>
      TaxRate.query()
        .where('country', 'FR')
        .then((rows) => rows.length),
  },
  {
    method: 'GET',
    pattern: '/admin/tax-rates/:id/edit',
    path: (world) => `/admin/tax-rates/${world.taxRate.id}/edit`,
  },
  {
    method: 'POST',
    pattern: '/admin/tax-rates/:id',
    path: (world) => `/admin/tax-rates/${world.taxRate.id}`,
    form: { country: 'CA', region: 'ON', rate: '5' },
    snapshot: (world) => TaxRate.findOrFail(world.taxRate.id).then((row) => row.rate),
  },
  {
    method: 'GET',
    pattern: '/admin/tax-rates/:id/delete',
    path: (world) => `/admin/tax-rates/${world.taxRate.id}/delete`,
  },
  {
    method: 'POST',
    pattern: '/admin/tax-rates/:id/delete',
    path: (world) => `/admin/tax-rates/${world.taxRate.id}/delete`,
    snapshot: (world) => TaxRate.find(world.taxRate.id).then((row) => row !== null),
  },
  { method: 'GET', pattern: '/admin/shipping-methods', path: () => '/admin/shipping-methods' },
  {
    method: 'GET',
    pattern: '/admin/shipping-methods/new',
    path: () => '/admin/shipping-methods/new',
  },
  {
    method: 'POST',
    pattern: '/admin/shipping-methods',
    path: () => '/admin/shipping-methods',
    form: { _form: 'shipping-method', name: 'Created', price: '4', estimatedDays: '3' },
    snapshot: () =>
      ShippingMethod.query()
        .where('name', 'Created')
        .then((rows) => rows.length),
  },
  {
    method: 'GET',
    pattern: '/admin/shipping-methods/:id/edit',
    path: (world) => `/admin/shipping-methods/${world.activeMethod.id}/edit`,
  },
  {
    method: 'POST',
    pattern: '/admin/shipping-methods/:id',
    path: (world) => `/admin/shipping-methods/${world.activeMethod.id}`,
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
    method: 'POST',
    pattern: '/admin/shipping-methods/:id/deactivate',
    path: (world) => `/admin/shipping-methods/${world.activeMethod.id}/deactivate`,
    snapshot: (world) =>
      ShippingMethod.findOrFail(world.activeMethod.id).then((row) => row.isActive),
  },
  {
    method: 'POST',
    pattern: '/admin/shipping-methods/:id/activate',
    path: (world) => `/admin/shipping-methods/${world.inactiveMethod.id}/activate`,
    snapshot: (world) =>
      ShippingMethod.findOrFail(world.inactiveMethod.id).then((row) => row.isActive),
  },
  { method: 'GET', pattern: '/admin/products', path: () => '/admin/products' },
  {
    method: 'GET',
    pattern: '/admin/products/:id/take-down',
    path: (world) => `/admin/products/${world.activeProduct.id}/take-down`,
  },
  {
    method: 'POST',
    pattern: '/admin/products/:id/take-down',
    path: (world) => `/admin/products/${world.activeProduct.id}/take-down`,
    form: { reason: 'Counterfeit goods' },
    snapshot: (world) =>
      Product.findOrFail(world.activeProduct.id).then((row) => row.takedownReason),
  },
  {
    method: 'POST',
    pattern: '/admin/products/:id/restore',
    path: (world) => `/admin/products/${world.takenDownProduct.id}/restore`,
    snapshot: (world) =>
      Product.findOrFail(world.takenDownProduct.id).then((row) => row.takenDownAt === null),
  },
]

/** The sign-in routes are the only console routes open to everyone. */
const PUBLIC = ['GET /admin/login', 'POST /admin/login']

function requestFor(client: ApiClient, route: ConsoleRoute, world: World): ApiRequest {
  const path = route.path(world)
  if (route.method === 'GET') return client.get(path)
  const request = client.post(path)
  return route.form ? request.form(route.form) : request
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
  if (user) return submitted(request, user, '/admin')
  return route.method === 'POST' ? request.redirects(0).withCsrfToken() : request.redirects(0)
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
      .flatMap((route) =>
        route.methods.filter((method) => method !== 'HEAD').map((m) => `${m} ${route.pattern}`)
      )
    const covered = ROUTES.map((route) => `${route.method} ${route.pattern}`)
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
            '/admin/login'
          )
          if (user)
            assert.equal(flash.error, 'Your session has ended. Sign in again.', route.pattern)
        }
        assert.deepEqual(await snapshot(world), before)
        return
      }
      for (const route of ROUTES) {
        // Each action gets rows of its own, so one action's change cannot hide another's.
        const world = await makeWorld()
        const before = await route.snapshot?.(world)
        const response = await visit(client, route, world, user)
        const label = `${route.method} ${route.pattern}`
        if (route.method === 'GET') {
          const refused = route.superAdminOnly && visitor.type !== UserType.SUPER_ADMIN
          assert.equal(response.status(), refused ? 403 : 200, label)
          continue
        }
        const flash = response.flashMessages() as Record<string, unknown>
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
      expectRedirect(assert, response, '/admin/login')
    }
    assert.deepEqual(await snapshot(world), before)
  })

  test('a form posted without its CSRF token changes nothing', async ({ client, assert }) => {
    const world = await makeWorld()
    const before = await snapshot(world)
    const admin = await makeUser(UserType.SUPER_ADMIN)
    for (const route of ROUTES.filter((candidate) => candidate.method === 'POST')) {
      const response = await signedIn(requestFor(client, route, world), admin).header(
        'Referer',
        'http://localhost/admin/users'
      )
      const flash = expectRedirect(assert, response, '/admin/users')
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
      { path: `/admin/users/${otherAdmin.id}/deactivate`, form: {} },
      { path: `/admin/users/${inactiveAdmin.id}/activate`, form: {} },
      { path: `/admin/users/${otherAdmin.id}/type`, form: { userType: 'CUSTOMER' } },
      { path: `/admin/users/${customer.id}/type`, form: { userType: 'ADMIN' } },
      { path: `/admin/users/${customer.id}/type`, form: { userType: 'SUPER_ADMIN' } },
    ]
    for (const attempt of attempts) {
      const response = await submitted(
        client.post(attempt.path).form(attempt.form),
        admin,
        '/admin/users'
      )
      const flash = expectRedirect(assert, response, '/admin/users')
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
      client.post(`/admin/users/${admin.id}/deactivate`),
      superAdmin,
      '/admin/users'
    )
    assert.equal(
      expectRedirect(assert, deactivate, '/admin/users').success,
      `${admin.email} is now deactivated.`
    )
    const promote = await submitted(
      client.post(`/admin/users/${customer.id}/type`).form({ userType: 'ADMIN' }),
      superAdmin,
      '/admin/users'
    )
    assert.equal(
      expectRedirect(assert, promote, '/admin/users').success,
      `${customer.email} is now ADMIN.`
    )

    await admin.refresh()
    await customer.refresh()
    assert.isFalse(admin.isActive)
    assert.equal(customer.userType, UserType.ADMIN)
  })
})
