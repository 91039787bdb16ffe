import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { UserType } from '#enums/user_type'
import ApiKey from '#models/api_key'
import WebhookEndpoint from '#models/webhook_endpoint'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { formAction } from '#tests/helpers/routes'
import { WebhookReceiver, workerPass } from '#tests/functional/integrations/support'
import { requestPlacement, twoShopCart } from '#tests/functional/checkout/support'

test.group('Console webhooks', (group) => {
  eachInTransaction(group, WebhookEndpoint)

  test('register an endpoint, its secret shown once; its log, redelivery, disable, rotation', async ({
    client,
    assert,
  }) => {
    await db.from('outbox_messages').delete()
    const receiver = await new WebhookReceiver().start()
    try {
      const admin = await consoleAs(UserType.ADMIN, { client, assert })
      const form = await admin.page(urlFor('console.webhooks.create'))
      assert.include(form, 'value="order.status_changed"')
      const created = await admin.post(
        formAction('console.webhooks.store'),
        urlFor('console.webhooks.create'),
        { url: receiver.url, events: 'order.placed', description: 'ERP' }
      )
      assert.equal(created.status(), 302)
      const endpoint = await WebhookEndpoint.firstOrFail()
      assert.equal(created.header('location'), urlFor('console.webhooks.show', { id: endpoint.id }))
      const flash = created.flashMessages() as Record<string, string>
      assert.match(flash.secret, /^whsec_/)
      receiver.secrets.push(flash.secret)
      assert.deepEqual(endpoint.events, ['order.placed'])

      const shownOnce = await admin.pageWithFlash(
        urlFor('console.webhooks.show', { id: endpoint.id }),
        flash
      )
      assert.include(shownOnce, flash.secret)
      const later = await admin.page(urlFor('console.webhooks.show', { id: endpoint.id }))
      assert.notInclude(later, flash.secret)

      const { customer, standard } = await twoShopCart()
      const placement = await requestPlacement(client, customer, standard)
      placement.assertStatus(201)
      await workerPass()
      const page = await admin.page(urlFor('console.webhooks.show', { id: endpoint.id }))
      const [delivery] = await db.from('webhook_deliveries').where('endpoint_id', endpoint.id)
      assert.match(rowText(assert, page, delivery.event_id), /order\.placed .* DELIVERED 1 204/)

      const show = urlFor('console.webhooks.show', { id: endpoint.id })
      const redelivered = await admin.submit(
        formAction('console.webhooks.redeliver', { id: delivery.id }),
        show,
        show
      )
      assert.include(redelivered.success, 'queued again')
      const disabled = await admin.submit(
        formAction('console.webhooks.disable', { id: endpoint.id }),
        show,
        show
      )
      assert.equal(disabled.success, 'The endpoint is disabled.')
      const stored = await WebhookEndpoint.findOrFail(endpoint.id)
      assert.isFalse(stored.enabled)
      const rotated = await admin.submit(
        formAction('console.webhooks.rotate_secret', { id: endpoint.id }),
        show,
        show
      )
      assert.match(rotated.secret, /^whsec_/)
      assert.notEqual(rotated.secret, flash.secret)

      const list = await admin.page(urlFor('console.webhooks.index'))
      assert.include(textOf(list), `${receiver.url} ERP order.placed disabled`)
    } finally {
      await receiver.stop()
    }
  })

  test('a refused URL comes back next to its field; nothing is stored', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.webhooks.store'), {
      from: urlFor('console.webhooks.create'),
      form: { url: 'ftp://example.com/x', description: '' },
      error: 'The request is invalid',
      stored: () => db.from('webhook_endpoints').select('id'),
    })
    assert.includeMembers(Object.keys(flash.inputErrorsBag), ['url', 'events'])
  })

  test('sellers and customers are refused', async ({ client, assert }) => {
    for (const type of [UserType.SELLER, UserType.CUSTOMER]) {
      const visitor = await consoleAs(type, { client, assert })
      const response = await visitor.get(urlFor('console.webhooks.index'))
      assert.notEqual(response.status(), 200)
    }
  })
})

test.group('Console API keys', (group) => {
  eachInTransaction(group, ApiKey)

  test('create a key, shown once, then revoke it', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.SUPER_ADMIN, { client, assert })
    const index = urlFor('console.api_keys.index')
    const flash = await admin.submit(formAction('console.api_keys.store'), index, index, {
      name: 'Warehouse',
      scopes: 'orders:read',
    })
    assert.match(flash.apiKey, /^sk_live_/)
    const apiKey = await ApiKey.firstOrFail()
    assert.deepEqual(apiKey.scopes, ['orders:read'])

    const shownOnce = await admin.pageWithFlash(index, flash)
    assert.include(shownOnce, flash.apiKey)
    const page = await admin.page(index)
    assert.notInclude(page, flash.apiKey)
    assert.equal(
      rowText(assert, page, apiKey.prefix),
      `Warehouse ${apiKey.prefix}… orders:read never active Revoke`
    )

    const revoked = await admin.submit(
      formAction('console.api_keys.revoke', { id: apiKey.id }),
      index,
      index
    )
    assert.include(revoked.success, 'is revoked')
    const stored = await ApiKey.findOrFail(apiKey.id)
    assert.isNotNull(stored.revokedAt)
    const after = await admin.page(index)
    assert.include(rowText(assert, after, apiKey.prefix), 'revoked')
  })
})
