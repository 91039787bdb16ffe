/*
| The console's side of returns and shipments (docs/api/console.md, "Returns"): the Returns list
| by status and shop, a return's page and its steps, and the order page's shipment and returns.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import { consoleAs, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import {
  as,
  deliveredOrder,
  expectStatus,
  moveOrder,
  orderReturns,
  returnStatus,
  stockOf,
} from '#tests/functional/returns/support'

/** A delivered order (tests/functional/returns/support.ts) and a return of one lamp asked for it. */
async function requested(client: Parameters<typeof deliveredOrder>[0]) {
  const placed = await deliveredOrder(client)
  const response = await as(client, placed.customer, 'post', orderReturns(placed.order.id), {
    items: [{ productId: placed.lamp.id, quantity: 1 }],
    reason: 'Wobbly base',
  })
  expectStatus(response, 201)
  return { ...placed, returnId: response.body().id as string }
}

test.group('Console returns', (group) => {
  eachInTransaction(group)

  test('the Returns page lists returns newest first, filtered by status and shop, in the nav', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order, seller, returnId } = await requested(client)
    const all = await admin.page(urlFor('console.returns.index'))
    assert.include(all, `href="${urlFor('console.returns.index')}"`)
    assert.include(all, `href="${urlFor('console.returns.show', { id: returnId })}"`)
    assert.include(textOf(all), `${order.orderNumber} Gamma Goods 1 × Lamp requested`)

    const approved = await admin.page(urlFor('console.returns.index'), { status: 'APPROVED' })
    assert.include(textOf(approved), 'No return matches.')
    const byShop = await admin.page(urlFor('console.returns.index'), {
      shopId: seller.shop.id,
      status: '',
    })
    assert.include(byShop, urlFor('console.returns.show', { id: returnId }))
    const otherShop = await admin.page(urlFor('console.returns.index'), { shopId: UNKNOWN_ID })
    assert.include(textOf(otherShop), 'No return matches.')
    const refused = await admin.get(urlFor('console.returns.index'), { status: 'LOST' })
    assert.notEqual(refused.status(), 200)
  })

  test('approve, then receive with restock: refunded, back in stock, shown on the order page', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order, lamp, returnId } = await requested(client)
    const page = urlFor('console.returns.show', { id: returnId })
    const html = await admin.page(page)
    assert.include(textOf(html), 'Reason Wobbly base')
    assert.include(html, `action="${formAction('console.returns.approve', { id: returnId })}"`)
    assert.include(html, `action="${formAction('console.returns.reject', { id: returnId })}"`)

    const approved = await admin.submit(
      formAction('console.returns.approve', { id: returnId }),
      page,
      page
    )
    assert.equal(
      approved.success,
      'The return is approved; the customer was told to send the items.'
    )
    const stock = await stockOf(lamp.id)
    const receivePage = await admin.page(page)
    assert.include(receivePage, 'name="restock"')
    const received = await admin.submit(
      formAction('console.returns.receive', { id: returnId }),
      page,
      page,
      { restock: '1' }
    )
    assert.equal(received.success, 'The items are received and 19.44 USD was refunded.')
    assert.equal(await returnStatus(returnId), 'REFUNDED')
    assert.equal(await stockOf(lamp.id), stock + 1)
    assert.include(textOf(await admin.page(page)), 'Nothing more can change on this return.')

    const orderPage = textOf(await admin.page(urlFor('console.orders.show', { id: order.id })))
    assert.include(orderPage, 'Carrier UPS')
    assert.include(orderPage, 'Tracking number 1Z999')
    assert.include(orderPage, '1 × Lamp refunded 19.44')
    assert.include(orderPage, 'Return RECEIVED → REFUNDED')
  })

  test('receive without restock leaves the stock; reject with a note', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const first = await requested(client)
    const page = urlFor('console.returns.show', { id: first.returnId })
    await admin.submit(formAction('console.returns.approve', { id: first.returnId }), page, page)
    const stock = await stockOf(first.lamp.id)
    await admin.submit(
      formAction('console.returns.receive', { id: first.returnId }),
      page,
      page,
      {}
    )
    assert.equal(await stockOf(first.lamp.id), stock)
    const row = await db.from('returns').where('id', first.returnId).firstOrFail()
    assert.isFalse(Boolean(row.restocked))

    const second = await requested(client)
    const secondPage = urlFor('console.returns.show', { id: second.returnId })
    const flash = await admin.submit(
      formAction('console.returns.reject', { id: second.returnId }),
      secondPage,
      secondPage,
      { note: 'Shows wear' }
    )
    assert.equal(flash.success, 'The return is rejected; its items can be returned again.')
    assert.include(textOf(await admin.page(secondPage)), 'Note Shows wear')
  })

  test('a step the return no longer allows goes back with the reason and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { returnId } = await requested(client)
    const page = urlFor('console.returns.show', { id: returnId })
    await admin.expectRefused(formAction('console.returns.receive', { id: returnId }), {
      from: page,
      form: { restock: '1' },
      error: /cannot become RECEIVED from REQUESTED/,
      stored: () => returnStatus(returnId),
    })
  })

  test('sellers and customers cannot open the return pages; an unknown return is a 404', async ({
    client,
    assert,
  }) => {
    const { returnId } = await requested(client)
    for (const type of [UserType.SELLER, UserType.CUSTOMER]) {
      const visitor = await consoleAs(type, { client, assert })
      const response = await visitor.get(urlFor('console.returns.show', { id: returnId }))
      assert.notEqual(response.status(), 200)
      const list = await visitor.get(urlFor('console.returns.index'))
      assert.notEqual(list.status(), 200)
    }
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(
      urlFor('console.returns.show', { id: UNKNOWN_ID }),
      404,
      'Return not found'
    )
    assert.equal(await returnStatus(returnId), 'REQUESTED')
  })

  test('the order page ships with tracking from the console', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { order, seller } = await deliveredOrder(client, { deliver: false })
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    const page = urlFor('console.orders.show', { id: order.id })
    const html = await admin.page(page)
    assert.include(html, 'name="trackingUrl"')
    await admin.submit(formAction('console.orders.status', { id: order.id }), page, page, {
      status: 'SHIPPED',
      carrier: 'FedEx',
      trackingNumber: '',
      trackingUrl: 'https://fedex.example.com/77',
    })
    const row = await db.from('orders').where('id', order.id).firstOrFail()
    assert.equal(row.status, 'SHIPPED')
    assert.equal(row.shipment_carrier, 'FedEx')
    assert.isNull(row.shipment_tracking_number)
    assert.equal(row.shipment_tracking_url, 'https://fedex.example.com/77')
    const after = await admin.page(page)
    assert.include(after, 'href="https://fedex.example.com/77"')
  })
})
