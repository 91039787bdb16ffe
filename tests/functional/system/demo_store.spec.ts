import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Shop from '#models/shop'
import Order from '#models/order'
import Coupon from '#models/coupon'
import OutboxMessage from '#models/outbox_message'
import { UserType } from '#enums/user_type'
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#enums/order_status'
import { CouponDirectoryService } from '#services/admin/coupon_directory_service'
import { AccountProvisioningService } from '#services/accounts/account_provisioning_service'
import { DemoStoreSeeder } from '#database/seeders/demo_store/demo_store_seeder'
import {
  DEMO_ADMIN_EMAIL,
  DEMO_CATEGORIES,
  DEMO_COUPON_CODES,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_SHOPS,
  demoEmails,
} from '#database/seeders/demo_store/demo_store_data'
import { createProductValidator } from '#validators/product'
import { createShippingAddressValidator } from '#validators/shipping_address'
import { createShopValidator } from '#validators/shop'
import { CouponFactory } from '#database/factories/coupon_factory'
import DemoSeed from '../../../commands/demo_seed.js'
import { eachInTransaction } from '#tests/helpers/transactions'

/** Runs `node ace demo:seed` in this process and returns the command (raw mode keeps its logs). */
async function runDemoSeed() {
  const command = await ace.create(DemoSeed, [])
  await command.exec()
  return command
}

/** Everything the demo made, counted and summed from its own rows only. */
async function demoRows() {
  const users = await User.query().whereIn('email', demoEmails())
  const ids = users.map((user) => user.id)
  const shops = await Shop.query().whereIn('seller_id', ids)
  const shopIds = shops.map((shop) => shop.id)
  const orders = await Order.query().whereIn('user_id', ids).orderBy('created_at', 'asc')
  const orderIds = orders.map((order) => order.id)
  const count = async (table: string, column: string, values: string[]) => {
    const [row] = await db.from(table).whereIn(column, values).count('* as total')
    return Number(row.total)
  }
  return {
    users,
    shops,
    orders,
    counts: {
      accounts: users.length,
      shops: shops.length,
      products: await count('products', 'shop_id', shopIds),
      variants: await count('product_variants', 'shop_id', shopIds),
      categories: await count(
        'categories',
        'slug',
        DEMO_CATEGORIES.map((category) => category.slug)
      ),
      images: await db
        .from('product_images')
        .whereIn('product_id', db.from('products').select('id').whereIn('shop_id', shopIds))
        .count('* as total')
        .then(([row]) => Number(row.total)),
      addresses: await count('shipping_addresses', 'user_id', ids),
      consents: await count('legal_policy_consents', 'user_id', ids),
      orders: orders.length,
      orderItems: await count('order_items', 'order_id', orderIds),
      history: await count('order_status_history', 'order_id', orderIds),
      coupons: await count('coupons', 'code', Object.values(DEMO_COUPON_CODES)),
      stock: await db
        .from('product_variants')
        .whereIn('shop_id', shopIds)
        .sum('stock as total')
        .then(([row]) => Number(row.total)),
      lastChange: orders.reduce((last, order) => Math.max(last, order.updatedAt.toMillis()), 0),
    },
  }
}

test.group('node ace demo:seed', (group) => {
  eachInTransaction(group)
  group.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('makes a populated store once, through the services; a second run changes nothing', async ({
    assert,
  }) => {
    const startedAt = DateTime.now()
    const someoneElses = await OutboxMessage.create({
      kind: 'order_confirmation',
      payload: { email: 'real.customer@example.com' },
      status: 'PENDING',
      attempts: 0,
      nextAttemptAt: startedAt,
    })
    const first = await runDemoSeed()
    first.assertSucceeded()
    first.assertLogMatches(
      /Created the demo store: 4 shops with 40 products \(40 generated pictures\) in 6 categories, 60 orders/
    )
    first.assertLogMatches(/order e-mails were marked sent without being sent/)
    first.assertLogMatches(new RegExp(`password: ${DEMO_PASSWORD}`))
    first.assertLogMatches(new RegExp(DEMO_ADMIN_EMAIL))
    const made = await demoRows()

    assert.deepInclude(made.counts, {
      accounts: 1 + DEMO_SHOPS.length + DEMO_CUSTOMERS.length + 1,
      shops: 4,
      products: 40,
      // 39 products without options, one apron in four sizes and colours.
      variants: 43,
      categories: 6,
      images: 40,
      addresses: DEMO_CUSTOMERS.length,
      consents: 2 * DEMO_CUSTOMERS.length,
      orders: 60,
      coupons: 5,
    })
    assert.isTrue(made.users.every((user) => user.isVerified && user.isActive))
    const admin = made.users.find((user) => user.email === DEMO_ADMIN_EMAIL)!
    assert.equal(admin.userType, UserType.SUPER_ADMIN)
    assert.sameMembers(
      made.shops.map((shop) => `${shop.name}: ${shop.status}`),
      [
        'Clay & Kiln: APPROVED',
        'Loom & Thread: APPROVED',
        'Roast House: APPROVED',
        'Paper Trail: PENDING',
      ]
    )

    // Orders in every status, over the last 30 days, some of them today.
    assert.includeMembers(
      [...new Set(made.orders.map((order) => order.status))],
      [...ORDER_STATUSES]
    )
    assert.includeMembers(
      [...new Set(made.orders.map((order) => order.paymentStatus))],
      [...PAYMENT_STATUSES]
    )
    const days = new Set(made.orders.map((order) => order.createdAt.toISODate()))
    assert.isAtLeast(days.size, 12)
    for (const order of made.orders) {
      assert.isAtLeast(order.createdAt.toMillis(), startedAt.minus({ days: 31 }).toMillis())
      assert.isAtMost(order.updatedAt.toMillis(), DateTime.now().toMillis())
      assert.isAtLeast(order.updatedAt.toMillis(), order.createdAt.toMillis())
      assert.match(
        order.orderNumber,
        new RegExp(`^ORD-${order.createdAt.toUTC().toFormat('yyyyMMdd')}-`)
      )
    }
    assert.isTrue(made.orders.some((order) => order.createdAt.hasSame(DateTime.now(), 'day')))

    // Each order's history starts at its placement, runs forward, and ends in its status.
    const history = await db
      .from('order_status_history')
      .whereIn(
        'order_id',
        made.orders.map((order) => order.id)
      )
      .orderBy('order_id')
      .orderBy('sequence')
    for (const order of made.orders) {
      const entries = history.filter((entry) => entry.order_id === order.id)
      assert.equal(entries[0].to_value, 'PENDING')
      const times = entries.map((entry) => new Date(entry.created_at).getTime())
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b)
      )
      const statuses = entries.filter((entry) => entry.field === 'STATUS')
      assert.equal(statuses.at(-1).to_value, order.status)
    }

    // The coupons in each state the console shows; LAUNCH20 used up by the demo's own orders.
    const couponDirectory = await app.container.make(CouponDirectoryService)
    const { rows } = await couponDirectory.search({ limit: 100, offset: 0 })
    const validity = Object.fromEntries(
      rows
        .filter((row) => Object.values<string>(DEMO_COUPON_CODES).includes(row.coupon.code))
        .map((row) => [row.coupon.code, row.validity])
    )
    assert.deepEqual(validity, {
      WELCOME10: 'active',
      SHIPFREE5: 'active',
      LAUNCH20: 'used_up',
      SUMMER15: 'expired',
      HOLIDAY25: 'scheduled',
    })
    const launch = await Coupon.findByOrFail('code', DEMO_COUPON_CODES.launch)
    const launchCheckouts = made.orders
      .filter((order) => order.couponCode === DEMO_COUPON_CODES.launch)
      .map((order) => order.checkoutId)
    assert.equal(new Set(launchCheckouts).size, launch.usageCount)
    assert.equal(launch.usageCount, launch.usageLimit)

    // No mail waits for the demo's made-up addresses.
    const pending = await OutboxMessage.query().where('status', 'PENDING')
    const demoAddresses = new Set(demoEmails())
    assert.isFalse(pending.some((message) => demoAddresses.has(String(message.payload.email))))
    await someoneElses.refresh()
    assert.equal(someoneElses.status, 'PENDING')

    const second = await runDemoSeed()
    second.assertSucceeded()
    second.assertLogMatches(/already there; nothing changed/)
    second.assertLogMatches(new RegExp(DEMO_ADMIN_EMAIL))
    const again = await demoRows()
    assert.deepEqual(again.counts, made.counts)
  }).timeout(120_000)

  // Made just after midnight, the newest orders are younger than a day: the store must not lose
  // its confirmed orders (or any other status) to the hour it is seeded at.
  test('has orders in every status when made {$self} hours after midnight')
    .with([0.3, 1.3, 12.3])
    .run(async ({ assert }, seededAt) => {
      const demoStore = await app.container.make(DemoStoreSeeder)
      await demoStore.seed(DateTime.now().toUTC().startOf('day').plus({ hours: seededAt }))
      const { orders } = await demoRows()
      assert.sameMembers([...new Set(orders.map((order) => order.status))], [...ORDER_STATUSES])
      assert.sameMembers(
        [...new Set(orders.map((order) => order.paymentStatus))],
        [...PAYMENT_STATUSES]
      )
    })
    .timeout(120_000)

  test('what the demo writes is what the API would accept', async ({ assert }) => {
    const shopId = randomUUID()
    for (const shop of DEMO_SHOPS) {
      await createShopValidator.validate({ name: shop.name, description: shop.description })
      for (const product of shop.products) {
        const valid = await createProductValidator.validate({
          shopId,
          name: product.name,
          description: product.description,
          ...(product.variants
            ? {
                options: product.options,
                variants: product.variants.map((variant) => ({
                  sku: `${product.sku}-${variant.skuSuffix}`,
                  price: variant.priceCents / 100,
                  stock: variant.stock,
                  optionValues: variant.values,
                })),
              }
            : { sku: product.sku, price: product.priceCents / 100, stock: product.stock }),
          isActive: product.isActive ?? true,
        })
        assert.equal(valid.sku ?? valid.variants?.[0].sku.slice(0, product.sku.length), product.sku)
        assert.equal(valid.name, product.name)
      }
    }
    for (const customer of DEMO_CUSTOMERS) {
      const { email, ...address } = customer
      assert.match(email, /@demo\.example$/)
      await createShippingAddressValidator.validate({ ...address, isDefault: true })
    }
  })

  test('refuses a store holding part of a demo, and one that has the demo coupon codes', async ({
    assert,
  }) => {
    const accountProvisioning = await app.container.make(AccountProvisioningService)
    await accountProvisioning.createVerified(
      DEMO_SHOPS[0].sellerEmail,
      DEMO_PASSWORD,
      UserType.SELLER
    )
    const halfMade = await runDemoSeed()
    halfMade.assertFailed()
    halfMade.assertLogMatches(/stopped half-way/, 'stderr')
    assert.lengthOf(await User.query().whereIn('email', demoEmails()), 1)
    const demoStore = await app.container.make(DemoStoreSeeder)
    const incomplete = await demoStore.seed().catch((error: unknown) => error)
    assert.equal((incomplete as { code?: string }).code, 'DEMO_STORE_INCOMPLETE')

    await User.query().whereIn('email', demoEmails()).delete()
    await CouponFactory.merge({ code: DEMO_COUPON_CODES.welcome }).create()
    const conflict = await demoStore.seed().catch((error: unknown) => error)
    assert.equal((conflict as { code?: string }).code, 'DEMO_STORE_CONFLICT')
    assert.match((conflict as Error).message, /already has coupons WELCOME10/)
    assert.lengthOf(await User.query().whereIn('email', demoEmails()), 0)
  })
})

test.group('node ace demo:seed in production', () => {
  test('refuses without --force and changes nothing', async ({ assert }) => {
    const environment: Record<string, string> = {}
    for (const [name, value] of Object.entries({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Production refuses the test run's in-memory sessions and mail without a transport.
      SESSION_DRIVER: undefined,
      MAIL_TRANSPORT: 'file',
    })) {
      if (value !== undefined) environment[name] = value
    }
    const child = spawn(process.execPath, ['ace', 'demo:seed'], {
      cwd: app.makePath(),
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))

    assert.equal(exitCode, 1, output)
    assert.include(output, 'Refusing to create a demo store in production')
    assert.include(output, '--force')
    assert.lengthOf(await User.query().whereIn('email', demoEmails()), 0)
  }).timeout(60_000)
})
