import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import OutboxMessage from '#models/outbox_message'
import { OutboxService } from '#services/mail/outbox_service'
import { sqlTime } from '#support/sql_time'
import { twoShopCart, requestPlacement } from '#tests/functional/checkout/support'
import { SmtpSink } from '#tests/helpers/smtp_sink'
import { eachInTransaction } from '#tests/helpers/transactions'

test.group('Order mails through the outbox', (group) => {
  let smtp: SmtpSink
  eachInTransaction(group)
  group.each.setup(() => {
    smtp = new SmtpSink()
    return () => smtp.stop()
  })

  test('an order placed while the mail server is down is mailed once it is back', async ({
    client,
    assert,
  }) => {
    // Only this test's mails are in the outbox (the transaction rolls this back).
    await db.from('outbox_messages').delete()
    const { customer, first, second, standard } = await twoShopCart()
    const response = await requestPlacement(client, customer, standard, {
      paymentMethod: 'BANK_TRANSFER',
      notes: 'Call before delivery',
    })
    response.assertStatus(201)
    const [orderA, orderB] = response.body()

    // Down: every send fails, the orders stand and the mails wait in the outbox. The two
    // orders' webhook events need no mail server: they are handed to the (no) endpoints.
    const outbox = new OutboxService({ mailer: 'smtp' })
    assert.deepEqual(await outbox.deliverDue(), { sent: 2, failed: 3, expired: 0 })
    const waiting = await OutboxMessage.query().where('status', 'PENDING')
    assert.lengthOf(waiting, 3)
    for (const message of waiting) assert.equal(message.attempts, 1)
    assert.lengthOf(await db.from('orders').where('user_id', customer.user.id), 2)

    // Back up: the next due pass sends each mail exactly once.
    await smtp.start()
    await db.from('outbox_messages').update({ next_attempt_at: sqlTime() })
    assert.deepEqual(await outbox.deliverDue(), { sent: 3, failed: 0, expired: 0 })
    assert.deepEqual(await outbox.deliverDue(), { sent: 0, failed: 0, expired: 0 })
    assert.lengthOf(smtp.messages, 3)

    const confirmation = smtp.to(customer.user.email)
    assert.include(confirmation, 'Subject: We received your 2 orders')
    assert.include(confirmation, orderA.orderNumber)
    assert.include(confirmation, orderB.orderNumber)
    assert.include(confirmation, 'Total to pay: 57.25 USD')
    assert.notInclude(confirmation, 'charged:')

    const toFirst = smtp.to(first.user.email)
    assert.include(toFirst, `Subject: New order ${orderA.orderNumber} for Alpha Goods`)
    assert.include(toFirst, '2 x Mug (MUG-1): 20.00 USD')
    assert.include(toFirst, 'Call before delivery')
    assert.notInclude(toFirst, orderB.orderNumber)

    const toSecond = smtp.to(second.user.email)
    assert.include(toSecond, `Subject: New order ${orderB.orderNumber} for Beta Supplies`)
    assert.include(toSecond, '3 x Tea (TEA-1): 21.75 USD')
  })

  test('the confirmation keeps no shipping address in the outbox (it shows none); the notice does', async ({
    client,
    assert,
  }) => {
    const { customer, first, standard } = await twoShopCart()
    const response = await requestPlacement(client, customer, standard, {
      paymentMethod: 'BANK_TRANSFER',
    })
    response.assertStatus(201)

    const queued = (kind: string, email: string) =>
      OutboxMessage.query().where('kind', kind).whereLike('payload', `%${email}%`).firstOrFail()
    const confirmation = await queued('order_confirmation', customer.user.email)
    assert.notProperty(confirmation.payload, 'shippingAddress')
    assert.equal(confirmation.payload.email, customer.user.email)
    const notice = await queued('new_order', first.user.email)
    assert.property(notice.payload, 'shippingAddress')
  })

  test('a refused placement queues no mail', async ({ client, assert }) => {
    const { customer, first, second, standard } = await twoShopCart()
    const response = await requestPlacement(client, customer, standard, {
      paymentMethod: 'BANK_TRANSFER',
      couponCode: 'NOT-A-COUPON',
    })
    response.assertStatus(422)
    for (const email of [customer.user.email, first.user.email, second.user.email]) {
      assert.lengthOf(await db.from('outbox_messages').whereLike('payload', `%${email}%`), 0)
    }
  })
})
