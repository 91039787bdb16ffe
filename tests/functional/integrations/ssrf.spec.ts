import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { eachInTransaction } from '#tests/helpers/transactions'
import { UserType } from '#enums/user_type'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookDelivery from '#models/webhook_delivery'
import {
  checkDestination,
  isPublicAddress,
  RefusedDestination,
} from '#services/integrations/webhook_destination'
import { postWebhook } from '#services/integrations/webhook_sender'
import { requestPlacement, twoShopCart } from '#tests/functional/checkout/support'
import { registeredEndpoint, WebhookReceiver, workerPass } from './support.js'

const BASE = '/api/v1/admin/webhooks'

/** Runs the test with the production settings: private destinations refused. */
function withPrivateRefused(group: { each: { setup(fn: () => () => void): void } }) {
  group.each.setup(() => {
    const previous = app.config.get('webhooks.allowPrivate')
    app.config.set('webhooks.allowPrivate', false)
    return () => app.config.set('webhooks.allowPrivate', previous)
  })
}

const REFUSED_URLS = [
  'http://127.0.0.1/hooks',
  'http://127.1.2.3:8080/hooks',
  'http://10.0.0.1/hooks',
  'http://172.16.5.4/hooks',
  'http://192.168.1.1/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/hooks',
  'http://[::ffff:127.0.0.1]/hooks',
  'http://[::ffff:a9fe:a9fe]/hooks',
  'http://[fd00:ec2::254]/hooks',
  'http://[fe80::1]/hooks',
  'http://0.0.0.0/hooks',
  'http://100.64.0.1/hooks',
  // A name that resolves to loopback.
  'http://localhost:3333/hooks',
]

test.group('SSRF: addresses', () => {
  test('only public unicast addresses pass', ({ assert }) => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      assert.isTrue(isPublicAddress(address), address)
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      'not an address',
    ]) {
      assert.isFalse(isPublicAddress(address), address)
    }
  })
})

test.group('SSRF: registration with WEBHOOK_ALLOW_PRIVATE off', (group) => {
  eachInTransaction(group, WebhookEndpoint)
  withPrivateRefused(group)

  test('every private, loopback and link-local destination is a 400', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const url of REFUSED_URLS) {
      const response = await client
        .post(BASE)
        .header('Authorization', authorization)
        .json({ url, events: ['order.placed'] })
      const problem = expectProblem(assert, response, 400, 'WEBHOOK_URL_REFUSED')
      assert.equal(problem.errors?.[0].field, 'url', url)
    }
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
  })

  test('moving an endpoint to a private destination is refused too', async ({ client, assert }) => {
    app.config.set('webhooks.allowPrivate', true)
    const receiver = await new WebhookReceiver().start()
    try {
      const { admin, endpoint } = await registeredEndpoint(client, receiver)
      app.config.set('webhooks.allowPrivate', false)
      const response = await client
        .put(`${BASE}/${endpoint.id}`)
        .header('Authorization', admin.authorization)
        .json({ url: 'http://169.254.169.254/' })
      expectProblem(assert, response, 400, 'WEBHOOK_URL_REFUSED')
      const row = await WebhookEndpoint.findOrFail(endpoint.id)
      assert.equal(row.url, receiver.url)
    } finally {
      await receiver.stop()
    }
  })

  test('in production, plain http is refused, before any lookup', async ({ assert, cleanup }) => {
    const previous = app.config.get('webhooks.production')
    app.config.set('webhooks.production', true)
    cleanup(() => app.config.set('webhooks.production', previous))
    await assert.rejects(() => checkDestination('http://example.com/hooks'), /https/)
    await assert.rejects(() => checkDestination('ftp://example.com/hooks'), /https/)
    app.config.set('webhooks.allowPrivate', true)
    const allowed = await checkDestination('http://127.0.0.1:9/hooks')
    assert.equal(allowed.address, '127.0.0.1')
  })

  test('user names in the URL are refused', async ({ assert }) => {
    await assert.rejects(
      () => checkDestination('https://user:pass@8.8.8.8/hooks'),
      RefusedDestination
    )
  })
})

test.group('SSRF: at every delivery', (group) => {
  eachInTransaction(group, WebhookEndpoint)
  let receiver: WebhookReceiver
  group.each.setup(async () => {
    await db.from('outbox_messages').delete()
    receiver = await new WebhookReceiver().start()
    const previous = app.config.get('webhooks.allowPrivate')
    return async () => {
      app.config.set('webhooks.allowPrivate', previous)
      await receiver.stop()
    }
  })

  test('an endpoint that now resolves privately is not called; the attempt fails', async ({
    client,
    assert,
  }) => {
    const { endpoint } = await registeredEndpoint(client, receiver)
    app.config.set('webhooks.allowPrivate', false)
    const { customer, standard } = await twoShopCart()
    const placement = await requestPlacement(client, customer, standard)
    placement.assertStatus(201)
    assert.deepEqual(await workerPass(), { delivered: 0, failed: 2 })
    assert.equal(receiver.requests, 0)
    const rows = await WebhookDelivery.query().where('endpoint_id', endpoint.id)
    for (const row of rows) {
      assert.equal(row.status, 'PENDING')
      assert.isNull(row.lastStatusCode)
      assert.match(row.lastError!, /^refused: .*127\.0\.0\.1/)
    }
  })

  test('the connection goes to the address checked, never to a second DNS answer', async ({
    assert,
  }) => {
    receiver.secrets = []
    // A host name no resolver knows: the request can only reach the receiver through the
    // address pinned by the check.
    const url = new URL(receiver.url)
    url.hostname = 'rebinding.invalid'
    const outcome = await postWebhook(
      { url, address: '127.0.0.1', family: 4 },
      { 'webhook-id': 'msg_x', 'webhook-timestamp': '0', 'webhook-signature': 'v1,x' },
      '{}',
      5000
    )
    assert.containsSubset(outcome, { kind: 'answered', statusCode: 401 })
    assert.equal(receiver.requests, 1)
  })
})
