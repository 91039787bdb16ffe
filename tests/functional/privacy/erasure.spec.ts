/*
| Erasure (docs/api/privacy.md): afterwards no personal value of the person is found in any text
| column of any table (listed from the database catalog), the money is unchanged, and nothing
| the person held before the erasure opens the account again.
*/
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { UserType } from '#enums/user_type'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { OutboxService } from '#services/mail/outbox_service'
import { SmtpSink } from '#tests/helpers/smtp_sink'
import { bearer, makeUser } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'
import { expectEnvelope, expectEnvelopeError } from '#tests/helpers/responses'
import { signedIn } from '#tests/functional/console/support'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { product, sellerShop } from '#tests/functional/checkout/support'
import { ERASE, customerWithHistory, whereFound } from '#tests/functional/privacy/support'

/** A mail server the outbox delivers to (SMTP_PORT), so the erasure notice is really sent. */
const smtpOutbox = () => new OutboxService({ mailer: 'smtp' })

test.group('Privacy: DELETE /auth/me erases everything personal', (group) => {
  eachInTransaction(group)
  group.each.setup(() => limiter.clear())
  let smtp: SmtpSink
  group.each.setup(async () => {
    smtp = new SmtpSink()
    await smtp.start()
    return () => smtp.stop()
  })

  test('no personal value is left in any table, the money is unchanged, the address may register again', async ({
    client,
    assert,
  }) => {
    const { customer, seller, order, values, issued } = await customerWithHistory(client)
    const email = customer.user.email
    const orderBefore = await db.from('orders').where('id', order.id).firstOrFail()
    const ledgerSum = async () => {
      const row = await db
        .from('ledger_entries')
        .where('shop_id', seller.shop.id)
        .sum('amount_cents as total')
        .first()
      return Number(row?.total ?? 0)
    }
    const ledgerBefore = await ledgerSum()
    assert.notEqual(ledgerBefore, 0)
    // The person's values are in the database before: the search below would find them.
    assert.isNotEmpty(await whereFound([email, values.fullName, values.line1]))

    const erased = await client
      .delete(ERASE)
      .header('Authorization', customer.authorization)
      .json({ password: FACTORY_PASSWORD })
    assert.equal(expectEnvelope(assert, erased, 200), 'Your account has been erased.')
    assert.equal(erased.header('cache-control'), 'no-store')

    // The notice went to the old address, and its row no longer holds it.
    await smtpOutbox().deliverDue(500)
    const notices = smtp.messages.filter((message) => message.to.includes(email))
    assert.lengthOf(notices, 1)
    assert.include(notices[0].raw, 'Subject: Your account has been erased')
    const notice = await db.from('outbox_messages').where('kind', 'account_erased').firstOrFail()
    assert.equal(notice.status, 'SENT')
    assert.isNull(notice.secret)

    assert.deepEqual(
      await whereFound([
        email,
        values.fullName,
        values.phone,
        values.line1,
        values.line2,
        values.notes,
        values.returnReason,
        values.ipAddress,
        values.userAgent,
      ]),
      []
    )

    const account = await db.from('users').where('id', customer.user.id).firstOrFail()
    assert.equal(account.email, `erased-${customer.user.id}@erased.invalid`)
    assert.isNotNull(account.erased_at)
    assert.notOk(account.is_active)
    const orderAfter = await db.from('orders').where('id', order.id).firstOrFail()
    for (const column of [
      'total_cents',
      'sub_total_cents',
      'tax_amount_cents',
      'paid_amount_cents',
      'refunded_amount_cents',
      'status',
    ]) {
      assert.equal(String(orderAfter[column]), String(orderBefore[column]), column)
    }
    const snapshot = JSON.parse(orderAfter.shipping_address)
    assert.deepInclude(snapshot, { fullName: '[erased]', state: 'WY', country: 'US' })
    assert.equal(await ledgerSum(), ledgerBefore)
    const consent = await db
      .from('legal_policy_consents')
      .where('user_id', customer.user.id)
      .firstOrFail()
    assert.equal(consent.ip_address, '[erased]')
    assert.isNull(consent.user_agent)
    assert.isNotNull(consent.policy_version)
    assert.lengthOf(await db.from('shipping_addresses').where('user_id', customer.user.id), 0)
    assert.lengthOf(await db.from('cart_items').where('user_id', customer.user.id), 0)

    // Nothing held before the erasure opens the account again.
    expectEnvelopeError(
      assert,
      await client
        .post('/auth/login')
        .json({ email, password: FACTORY_PASSWORD, userType: 'customer' }),
      401,
      'INVALID_CREDENTIALS'
    )
    expectEnvelopeError(
      assert,
      await client.get('/auth/me').header('Authorization', customer.authorization),
      403,
      'ACCOUNT_DEACTIVATED'
    )
    expectEnvelopeError(
      assert,
      await client.post('/auth/refresh').json({ refreshToken: issued.refreshToken }),
      401,
      'INVALID_REFRESH_TOKEN'
    )
    await client.post('/auth/forget-password').json({ email })
    assert.lengthOf(await db.from('one_time_codes').where('user_id', customer.user.id), 0)

    // The address registers again, as a new account.
    const registered = await client
      .post('/auth/register')
      .json({ email, password: 'Another-Passw0rd!', userType: 'customer' })
    const newAccount = expectEnvelope(assert, registered, 200)
    assert.notEqual(newAccount.id, customer.user.id)
  })

  test('a seller with no business in progress is erased; its shop is suspended and kept', async ({
    client,
    assert,
  }) => {
    const seller = await sellerShop('Quillfeather Crafts')
    await product(seller.shop.id, 1500)
    const erased = await client
      .delete(ERASE)
      .header('Authorization', seller.authorization)
      .json({ password: FACTORY_PASSWORD })
    expectEnvelope(assert, erased, 200)
    const shop = await db.from('shops').where('id', seller.shop.id).firstOrFail()
    assert.equal(shop.status, 'SUSPENDED')
    assert.deepEqual(await whereFound([seller.user.email]), [])
  })

  test('an administrator erasing itself loses its console session at once', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    // `admin` keeps the token version it had before the erasure: the session below is the cookie
    // copied then.
    const before = await signedIn(client.get(urlFor('console.dashboard')), admin)
    before.assertStatus(200)

    const erased = await client
      .delete(ERASE)
      .header('Authorization', await bearer(admin))
      .json({ password: FACTORY_PASSWORD })
    expectEnvelope(assert, erased, 200)

    const after = await signedIn(client.get(urlFor('console.dashboard')), admin)
    assert.equal(after.status(), 302)
    assert.equal(after.header('location'), urlFor('console.login'))
  })
})
