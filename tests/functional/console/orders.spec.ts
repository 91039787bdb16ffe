import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import ProductVariant from '#models/product_variant'
import OrderStatusHistory from '#models/order_status_history'
import { UserType } from '#enums/user_type'
import { ordersOnFourDays, placedCheckout } from '#tests/functional/orders/support'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

/** The order numbers a list page shows, in its order. */
function numbersIn(html: string) {
  return [...html.matchAll(/<a href="\/admin\/orders\/[0-9a-f-]{36}">([^<]+)<\/a>/g)].map(
    (match) => match[1]
  )
}

test.group('Console orders: list', (group) => {
  eachInTransaction(group)

  test('shows each order with its shop, customer, states and total', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders, customer } = await placedCheckout()
    const [alpha, beta] = orders

    const html = await admin.page(urlFor('console.orders.index'))
    const row = rowText(assert, html, urlFor('console.orders.show', { id: alpha.id }))
    assert.include(row, alpha.orderNumber)
    assert.include(row, 'Alpha Goods')
    assert.include(row, customer.user.email)
    assert.include(row, 'pending unpaid')
    assert.include(row, `${(alpha.totalCents / 100).toFixed(2)} USD`)
    assert.include(
      rowText(assert, html, urlFor('console.orders.show', { id: beta.id })),
      'Beta Supplies'
    )
    assert.include(html, `<option value="${alpha.shopId}" >Alpha Goods</option>`)
  })

  test('filters by status, shop and placement days, both days included', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { one, two } = await ordersOnFourDays()
    const list = async (qs: Record<string, string>) =>
      numbersIn(await admin.page(urlFor('console.orders.index'), qs))

    assert.deepEqual(await list({}), [
      two.orders[1].orderNumber,
      two.orders[0].orderNumber,
      one.orders[1].orderNumber,
      one.orders[0].orderNumber,
    ])
    assert.deepEqual(await list({ status: 'CANCELLED' }), [two.orders[1].orderNumber])
    assert.deepEqual(await list({ shopId: two.orders[0].shopId }), [two.orders[0].orderNumber])
    assert.deepEqual(await list({ from: '2026-01-31', to: '2026-02-01' }), [
      two.orders[0].orderNumber,
      one.orders[1].orderNumber,
    ])
    assert.deepEqual(await list({ status: '', shopId: '', from: '2026-03-01', to: '' }), [
      two.orders[1].orderNumber,
    ])

    const kept = await admin.page(urlFor('console.orders.index'), {
      status: 'CANCELLED',
      from: '2026-01-31',
    })
    assert.include(kept, '<option value="CANCELLED" selected>')
    assert.include(kept, 'name="from" type="date" value="2026-01-31"')
  })

  test('searches by part of the order number and of the customer e-mail, in any case', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const one = await placedCheckout()
    const two = await placedCheckout()
    await db
      .from('orders')
      .where('id', one.orders[0].id)
      .update({ order_number: 'ORD-20260110-AB_CDEFGHJ' })
    await db
      .from('orders')
      .where('id', one.orders[1].id)
      .update({ order_number: 'ORD-20260110-ABXCDEFGHJ' })
    await db
      .from('users')
      .where('id', two.customer.user.id)
      .update({ email: 'zoe%quinn@example.com' })
    const list = async (qs: Record<string, string>) =>
      numbersIn(await admin.page(urlFor('console.orders.index'), qs)).sort()

    assert.deepEqual(await list({ orderNumber: 'ab_cd' }), ['ORD-20260110-AB_CDEFGHJ'])
    assert.deepEqual(await list({ orderNumber: two.orders[1].orderNumber }), [
      two.orders[1].orderNumber,
    ])
    assert.deepEqual(
      await list({ customerEmail: ' ZOE%Q ' }),
      two.orders.map((order) => order.orderNumber).sort()
    )
    assert.deepEqual(await list({ customerEmail: 'zoe_quinn' }), [])
    assert.deepEqual(
      await list({ customerEmail: 'zoe%quinn', orderNumber: two.orders[0].orderNumber }),
      [two.orders[0].orderNumber]
    )
    assert.deepEqual(await list({ customerEmail: 'zoe%quinn', status: 'CANCELLED' }), [])

    const kept = await admin.page(urlFor('console.orders.index'), {
      orderNumber: 'ab_cd',
      page: '1',
    })
    assert.include(
      kept,
      'name="orderNumber" maxlength="40" autocapitalize="characters" autocomplete="off" value="ab_cd"'
    )
  })

  test('a day that does not exist or a range backwards is a 400 page', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (const qs of [
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { status: 'LOST' },
      { orderNumber: 'X'.repeat(41) },
    ]) {
      await admin.expectErrorPage(urlFor('console.orders.index'), 400, 'This cannot be done', qs)
    }
  })
})

test.group('Console orders: one order', (group) => {
  eachInTransaction(group)

  test('shows items, totals, the address, the history and the changes allowed now', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders, customer } = await placedCheckout()
    const [alpha] = orders

    const html = await admin.page(urlFor('console.orders.show', { id: alpha.id }))
    const text = textOf(html)
    assert.include(text, `Order ${alpha.orderNumber}`)
    assert.include(text, customer.user.email)
    assert.include(text, customer.address.line1)
    assert.match(rowText(assert, html, 'MUG-1'), /^Mug MUG-1 10\.00 2 20\.00$/)
    assert.match(rowText(assert, html, 'SPOON-1'), /^Spoon SPOON-1 5\.50 1 5\.50$/)
    assert.include(text, `Subtotal 25.50`)
    assert.include(text, `Total ${(alpha.totalCents / 100).toFixed(2)} USD`)
    assert.include(text, `Status placed as PENDING CUSTOMER ${customer.user.email}`)
    // The money between seller and marketplace: 10 % of 25.50, the coupon the marketplace's.
    assert.include(text, 'Commission rate 10 % (frozen at placement)')
    assert.include(text, 'Coupon funded by the marketplace')
    assert.include(text, 'Commission 2.55 USD')

    assert.include(html, 'name="status" value="CONFIRMED"')
    assert.notInclude(html, 'name="status" value="SHIPPED"')
    assert.include(html, `href="${urlFor('console.orders.confirm_cancel', { id: alpha.id })}"`)
    assert.include(html, 'name="paymentStatus" value="PAID"')
    assert.notInclude(html, 'name="paymentStatus" value="REFUNDED"')
  })

  test('a cancelled and unpaid order offers no change', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders } = await placedCheckout()
    await db.from('orders').where('id', orders[0].id).update({ status: 'CANCELLED' })
    const html = await admin.page(urlFor('console.orders.show', { id: orders[0].id }))
    assert.include(textOf(html), 'Nothing more can change on this order.')
    assert.notInclude(html, `action="${formAction('console.orders.status', { id: orders[0].id })}"`)
  })

  test('moves the order on and records who did it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders } = await placedCheckout()
    const [alpha] = orders
    const page = urlFor('console.orders.show', { id: alpha.id })

    const confirmed = await admin.submit(
      formAction('console.orders.status', { id: alpha.id }),
      page,
      page,
      { status: 'CONFIRMED' }
    )
    assert.equal(confirmed.success, `Order ${alpha.orderNumber} is now CONFIRMED.`)
    const paid = await admin.submit(
      formAction('console.orders.payment_status', { id: alpha.id }),
      page,
      page,
      { paymentStatus: 'PAID' }
    )
    assert.equal(paid.success, `The payment of order ${alpha.orderNumber} is now PAID.`)

    await alpha.refresh()
    assert.equal(alpha.status, 'CONFIRMED')
    assert.equal(alpha.paymentStatus, 'PAID')
    const history = await OrderStatusHistory.query().where('order_id', alpha.id).orderBy('sequence')
    assert.deepEqual(
      history.slice(1).map((entry) => [entry.field, entry.fromValue, entry.toValue, entry.actorId]),
      [
        ['STATUS', 'PENDING', 'CONFIRMED', admin.user.id],
        ['PAYMENT_STATUS', 'UNPAID', 'PAID', admin.user.id],
      ]
    )
    const html = await admin.page(page)
    assert.include(textOf(html), `PENDING → CONFIRMED ADMIN ${admin.user.email}`)
  })

  test('a change the state machine refuses comes back with its reason', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders } = await placedCheckout()
    const page = urlFor('console.orders.show', { id: orders[0].id })

    const stored = async () => {
      const order = await Order.findOrFail(orders[0].id)
      return [order.status, order.paymentStatus]
    }
    await admin.expectRefused(formAction('console.orders.status', { id: orders[0].id }), {
      from: page,
      form: { status: 'SHIPPED' },
      error: 'The order cannot become SHIPPED from PENDING',
      stored,
    })
    await admin.expectRefused(formAction('console.orders.payment_status', { id: orders[0].id }), {
      from: page,
      // Refunds are never recorded by hand: the form refuses the value itself.
      form: { paymentStatus: 'REFUNDED' },
      error: 'The request is invalid',
      stored,
    })
    const flash = await admin.expectRefused(
      formAction('console.orders.status', { id: orders[0].id }),
      {
        from: page,
        form: { status: 'LOST' },
        error: 'The request is invalid',
        stored,
      }
    )
    assert.property(flash.inputErrorsBag, 'status')

    assert.deepEqual(await stored(), ['PENDING', 'UNPAID'])
  })

  test('cancelling asks first, then puts the items back in stock', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { orders, mug } = await placedCheckout()
    const [alpha] = orders
    const page = urlFor('console.orders.show', { id: alpha.id })
    const cancelPage = urlFor('console.orders.confirm_cancel', { id: alpha.id })

    const confirm = await admin.page(cancelPage)
    assert.include(textOf(confirm), `Cancel order ${alpha.orderNumber}?`)
    assert.include(confirm, 'name="status" value="CANCELLED"')
    assert.equal(await ProductVariant.findOrFail(mug.id).then((row) => row.stock), mug.stock - 2)

    const flash = await admin.submit(
      formAction('console.orders.status', { id: alpha.id }),
      cancelPage,
      page,
      {
        status: 'CANCELLED',
      }
    )
    assert.equal(flash.success, `Order ${alpha.orderNumber} is now CANCELLED.`)
    assert.equal(await ProductVariant.findOrFail(mug.id).then((row) => row.stock), mug.stock)

    const again = await admin.page(cancelPage)
    assert.include(textOf(again), 'can no longer be cancelled')
  })

  test('an unknown order is a 404 page, and changing it is refused', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    for (const path of [
      urlFor('console.orders.show', { id: UNKNOWN_ID }),
      urlFor('console.orders.confirm_cancel', { id: UNKNOWN_ID }),
    ]) {
      await admin.expectErrorPage(path, 404, 'Order not found')
    }
    const flash = await admin.submit(
      formAction('console.orders.status', { id: UNKNOWN_ID }),
      urlFor('console.orders.index'),
      urlFor('console.orders.index'),
      { status: 'CONFIRMED' }
    )
    assert.equal(flash.error, 'Order not found')
  })
})

test.group('Console orders: the delivery address', (group) => {
  eachInTransaction(group)

  test('prints in the order of its country: {country}')
    .with([
      {
        country: 'US',
        address: { city: 'Austin', state: 'TX', postalCode: '78701' },
        lines: ['Austin, TX 78701', 'United States'],
      },
      {
        country: 'DE',
        address: { city: 'Berlin', state: null, postalCode: '10115' },
        lines: ['10115 Berlin', 'Germany'],
      },
      {
        country: 'GB',
        address: { city: 'London', state: null, postalCode: 'SW1A 1AA' },
        lines: ['London', 'SW1A 1AA', 'United Kingdom'],
      },
    ])
    .run(async ({ client, assert }, { country, address, lines }) => {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const { orders } = await placedCheckout()
      const order = await Order.findOrFail(orders[0].id)
      order.shippingAddress = { ...order.shippingAddress, ...address, country }
      await order.save()

      const html = await admin.page(urlFor('console.orders.show', { id: order.id }))
      const printed = html
        .match(/<address>([\s\S]*?)<\/address>/)![1]
        .split('<br>')
        .map((line) => textOf(line))
      const at = printed.indexOf(lines[0])
      assert.isAbove(at, 0, `"${lines[0]}" is a line of ${JSON.stringify(printed)}`)
      assert.deepEqual(printed.slice(at, at + lines.length), lines)
    })
})
