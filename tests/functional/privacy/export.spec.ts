import { randomBytes, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { UserType } from '#enums/user_type'
import ApiKey from '#models/api_key'
import WebhookEndpoint from '#models/webhook_endpoint'
import AdminTotpAuthenticator from '#models/admin_totp_authenticator'
import AdminRecoveryCode from '#models/admin_recovery_code'
import AdminPasskey from '#models/admin_passkey'
import OneTimeCode from '#models/one_time_code'
import { actor } from '#tests/helpers/actors'
import { eachInTransaction } from '#tests/helpers/transactions'
import { expectProblem } from '#tests/helpers/responses'
import { product, sellerShop } from '#tests/functional/checkout/support'
import { EXPORT, customerWithHistory } from '#tests/functional/privacy/support'

test.group('Privacy: GET /api/v1/me/export', (group) => {
  eachInTransaction(group)

  test('without a token, or with a malformed one, is refused', async ({ client, assert }) => {
    expectProblem(assert, await client.get(EXPORT), 401, 'UNAUTHORIZED')
    expectProblem(
      assert,
      await client.get(EXPORT).header('Authorization', 'Bearer not-a-token'),
      401,
      'INVALID_TOKEN'
    )
  })

  test('holds every row of a customer, each with its distinctive values', async ({
    client,
    assert,
  }) => {
    const { customer, order, values, refundId, returnId } = await customerWithHistory(client)
    await OneTimeCode.create({
      userId: customer.user.id,
      purpose: 'PASSWORD_RESET',
      codeHash: 'a'.repeat(64),
      attempts: 0,
      expiresAt: DateTime.now().plus({ minutes: 10 }),
    })

    const response = await client.get(EXPORT).header('Authorization', customer.authorization)
    response.assertStatus(200)
    assert.equal(response.header('cache-control'), 'no-store')
    assert.match(
      response.header('content-disposition') ?? '',
      new RegExp(
        `^attachment; filename="personal-data-${customer.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`
      )
    )
    const body = response.body()
    assert.equal(body.format, 'commerce-backend/personal-data-export')
    assert.equal(body.version, 1)

    assert.equal(body.account.id, customer.user.id)
    assert.equal(body.account.email, customer.user.email)
    assert.equal(body.account.userType, UserType.CUSTOMER)
    assert.isNull(body.account.erasedAt)

    assert.lengthOf(body.addresses, 1)
    assert.include(body.addresses[0], {
      fullName: values.fullName,
      phone: values.phone,
      line1: values.line1,
      line2: values.line2,
      state: 'WY',
    })
    assert.lengthOf(body.cart, 1)
    assert.equal(body.cart[0].quantity, 3)
    assert.lengthOf(body.checkouts, 1)

    assert.lengthOf(body.orders, 1)
    const exported = body.orders[0]
    assert.equal(exported.id, order.id)
    assert.equal(exported.totalCents, order.totalCents)
    assert.equal(exported.status, 'DELIVERED')
    assert.equal(exported.notes, values.notes)
    assert.include(exported.shippingAddress, { fullName: values.fullName, line1: values.line1 })
    assert.deepEqual(
      exported.items.map((item: { name: string; quantity: number }) => [item.name, item.quantity]),
      [
        ['Lamp', 2],
        ['Vase', 1],
      ]
    )
    assert.include(exported.shipment, {
      carrier: 'UPS',
      trackingNumber: `1Z${values.phone.slice(-4)}`,
    })
    assert.deepEqual(
      exported.statusHistory
        .filter((change: { field: string }) => change.field === 'STATUS')
        .map((change: { toValue: string }) => change.toValue),
      ['PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED']
    )
    assert.deepEqual(
      exported.refunds.map((row: { id: string; amountCents: number }) => [row.id, row.amountCents]),
      [[refundId, 500]]
    )
    assert.lengthOf(exported.returns, 1)
    assert.include(exported.returns[0], {
      id: returnId,
      reason: values.returnReason,
      status: 'REJECTED',
    })
    assert.deepEqual(
      exported.returns[0].items.map((item: { name: string }) => item.name),
      ['Lamp']
    )
    assert.lengthOf(body.payments, 1)
    assert.equal(body.payments[0].amountCents, order.totalCents)

    assert.lengthOf(body.consents, 1)
    assert.include(body.consents[0], { ipAddress: values.ipAddress, userAgent: values.userAgent })
    assert.lengthOf(body.sessions.refreshTokens, 1)
    assert.isNull(body.sessions.refreshTokens[0].revokedAt)
    assert.deepEqual(
      body.oneTimeCodes.map((code: { purpose: string }) => code.purpose),
      ['PASSWORD_RESET']
    )
    assert.deepEqual(body.shops, [])
    assert.deepEqual(body.apiKeys, [])

    // No secret in any form: the stored hashes and digests of the account's rows are absent.
    const text = response.text()
    const user = await db.from('users').where('id', customer.user.id).firstOrFail()
    const tokenRow = await db
      .from('refresh_tokens')
      .where('user_id', customer.user.id)
      .firstOrFail()
    for (const secret of [user.password, tokenRow.token_hash, 'a'.repeat(64)]) {
      assert.notInclude(text, secret)
    }
    for (const key of ['password', 'tokenHash', 'codeHash', 'clientSecret']) {
      assert.notInclude(text, `"${key}"`)
    }
  })

  test('holds a seller its shops and their products', async ({ client, assert }) => {
    const seller = await sellerShop(`Quillfeather Crafts ${randomUUID()}`)
    const made = await product(seller.shop.id, 1234, { name: 'Heron figurine' })
    const response = await client.get(EXPORT).header('Authorization', seller.authorization)
    response.assertStatus(200)
    const { shops } = response.body()
    assert.lengthOf(shops, 1)
    assert.include(shops[0], { id: seller.shop.id, name: seller.shop.name, status: 'APPROVED' })
    assert.deepEqual(
      shops[0].products.map((row: { id: string; name: string; priceCents: number }) => [
        row.id,
        row.name,
        row.priceCents,
      ]),
      [[made.id, 'Heron figurine', 1234]]
    )
    assert.deepEqual(
      shops[0].products[0].variants.map((row: { id: string; sku: string; stock: number }) => [
        row.id,
        row.sku,
        row.stock,
      ]),
      [[made.id, made.sku, 100]]
    )
  })

  test('holds an administrator its second factors, keys and endpoints as metadata only', async ({
    client,
    assert,
  }) => {
    const admin = await actor(UserType.ADMIN)
    const userId = admin.user.id
    const totp = await AdminTotpAuthenticator.create({
      userId,
      secretEncrypted: `sealed-totp-${randomUUID()}`,
    })
    const recoveryHash = await hash.make('recovery-code')
    await AdminRecoveryCode.create({ userId, codeHash: recoveryHash })
    const credentialId = randomBytes(32).toString('base64url')
    const passkey = await AdminPasskey.create({
      userId,
      name: 'Travel key',
      credentialId,
      publicKey: `public-key-${randomUUID()}`,
      signCount: 7,
      transports: 'usb',
    })
    const keyHash = randomBytes(32).toString('hex')
    const key = await ApiKey.create({
      name: 'Warehouse sync',
      prefix: 'sk_live_abcd',
      tokenHash: keyHash,
      scopes: ['orders:read'],
      createdBy: userId,
    })
    const sealedSecrets = `sealed-webhook-${randomUUID()}`
    const endpoint = await WebhookEndpoint.create({
      url: 'https://hooks.example.com/privacy',
      description: 'Privacy test endpoint',
      events: ['order.placed'],
      secrets: sealedSecrets,
      enabled: true,
      createdBy: userId,
    })
    const sessionId = `session-${randomUUID()}`
    await db.table('sessions').insert({
      id: sessionId,
      data: JSON.stringify({ note: `session data ${sessionId}` }),
      user_id: userId,
      // As the console's session store writes it (a Date: milliseconds on SQLite).
      expires_at: DateTime.now().plus({ minutes: 30 }).toJSDate(),
    })

    const response = await client.get(EXPORT).header('Authorization', admin.authorization)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.secondFactors.authenticatorApp.id, totp.id)
    assert.lengthOf(body.secondFactors.recoveryCodes, 1)
    assert.deepEqual(
      body.secondFactors.passkeys.map((row: { id: string; name: string; signCount: number }) => [
        row.id,
        row.name,
        row.signCount,
      ]),
      [[passkey.id, 'Travel key', 7]]
    )
    assert.deepEqual(
      body.apiKeys.map((row: { id: string; name: string; scopes: string[] }) => [
        row.id,
        row.name,
        row.scopes,
      ]),
      [[key.id, 'Warehouse sync', ['orders:read']]]
    )
    assert.deepEqual(
      body.webhookEndpoints.map((row: { id: string; url: string; events: string[] }) => [
        row.id,
        row.url,
        row.events,
      ]),
      [[endpoint.id, 'https://hooks.example.com/privacy', ['order.placed']]]
    )
    assert.lengthOf(body.sessions.consoleSessions, 1)

    const text = response.text()
    for (const secret of [
      totp.secretEncrypted,
      recoveryHash,
      credentialId,
      passkey.publicKey,
      keyHash,
      sealedSecrets,
      sessionId,
    ]) {
      assert.notInclude(text, secret)
    }
  })
})
