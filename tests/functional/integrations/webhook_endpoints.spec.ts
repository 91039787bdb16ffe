import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Webhook } from 'standardwebhooks'
import { actor } from '#tests/helpers/actors'
import { expectProblem } from '#tests/helpers/responses'
import { allBut, expectRoleMatrix } from '#tests/helpers/role_matrix'
import { eachInTransaction } from '#tests/helpers/transactions'
import { UserType } from '#enums/user_type'
import WebhookEndpoint from '#models/webhook_endpoint'
import { openSecrets, signingSecrets } from '#services/integrations/webhook_secrets'
import { sqlTime } from '#support/sql_time'

const BASE = '/api/v1/admin/webhooks'
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const URL_OK = 'http://127.0.0.1:9/hooks'

test.group('Webhook endpoints: who may call', (group) => {
  eachInTransaction(group, WebhookEndpoint)

  test('every route needs an admin token', async ({ client, assert }) => {
    const routes = [
      () => client.get(BASE),
      () => client.post(BASE).json({ url: URL_OK, events: ['order.placed'] }),
      () => client.get(`${BASE}/${UNKNOWN_ID}`),
      () => client.put(`${BASE}/${UNKNOWN_ID}`).json({ enabled: false }),
      () => client.delete(`${BASE}/${UNKNOWN_ID}`),
      () => client.post(`${BASE}/${UNKNOWN_ID}/rotate-secret`),
      () => client.get(`${BASE}/${UNKNOWN_ID}/deliveries`),
      () => client.post(`${BASE}/deliveries/${UNKNOWN_ID}/redeliver`),
    ]
    await expectRoleMatrix(assert, routes, {
      refused: allBut(UserType.ADMIN, UserType.SUPER_ADMIN),
    })
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
  })
})

test.group('POST /api/v1/admin/webhooks', (group) => {
  eachInTransaction(group, WebhookEndpoint)

  test('registers an endpoint; the secret is answered once and stored encrypted', async ({
    client,
    assert,
  }) => {
    const { user, authorization } = await actor(UserType.ADMIN)
    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({
        url: URL_OK,
        events: ['order.placed', 'order.placed', 'order.cancelled'],
        description: ' ERP ',
      })
    response.assertStatus(201)
    const body = response.body()
    assert.match(body.secret, /^whsec_[A-Za-z0-9+/=]{40,}$/)
    assert.containsSubset(body, {
      url: URL_OK,
      description: 'ERP',
      events: ['order.placed', 'order.cancelled'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
    })
    const row = await db.from('webhook_endpoints').where('id', body.id).firstOrFail()
    assert.notInclude(row.secrets, body.secret.slice(6))
    assert.equal(row.created_by, user.id)
    const endpoint = await WebhookEndpoint.findOrFail(body.id)
    assert.deepEqual(openSecrets(endpoint), { current: body.secret })

    const shown = await client.get(`${BASE}/${body.id}`).header('Authorization', authorization)
    shown.assertStatus(200)
    assert.notProperty(shown.body(), 'secret')
    assert.notInclude(JSON.stringify(shown.body()), body.secret)
    const listed = await client.get(BASE).header('Authorization', authorization)
    assert.equal(listed.body().total, 1)
    assert.notInclude(JSON.stringify(listed.body()), body.secret)

    const audit = await db.from('admin_actions').where('target_id', body.id)
    assert.deepEqual(
      audit.map((entry) => entry.action),
      ['webhook_endpoint.created']
    )
  })

  test('invalid input is a 400 on its field, and nothing is stored', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ events: ['order.placed'] }, 'url'],
      [{ url: 'not a url', events: ['order.placed'] }, 'url'],
      [{ url: 'file:///etc/passwd', events: ['order.placed'] }, 'url'],
      [{ url: 'ftp://example.com/x', events: ['order.placed'] }, 'url'],
      [{ url: URL_OK, events: [] }, 'events'],
      [{ url: URL_OK, events: ['order.exploded'] }, 'events.0'],
      [{ url: URL_OK }, 'events'],
      [{ url: URL_OK, events: ['order.placed'], description: 'x'.repeat(501) }, 'description'],
    ]
    for (const [input, field] of cases) {
      const response = await client.post(BASE).header('Authorization', authorization).json(input)
      const problem = expectProblem(assert, response, 400, 'VALIDATION_FAILED')
      assert.include(
        problem.errors!.map((error) => error.field),
        field,
        JSON.stringify(input)
      )
    }
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
  })
})

test.group('Webhook endpoint changes', (group) => {
  eachInTransaction(group, WebhookEndpoint)

  async function created(client: any, authorization: string) {
    const response = await client
      .post(BASE)
      .header('Authorization', authorization)
      .json({ url: URL_OK, events: ['order.placed'] })
    response.assertStatus(201)
    return response.body()
  }

  test('unknown endpoints are a 404', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    for (const call of [
      () => client.get(`${BASE}/${UNKNOWN_ID}`),
      () => client.put(`${BASE}/${UNKNOWN_ID}`).json({ enabled: false }),
      () => client.delete(`${BASE}/${UNKNOWN_ID}`),
      () => client.post(`${BASE}/${UNKNOWN_ID}/rotate-secret`),
      () => client.get(`${BASE}/${UNKNOWN_ID}/deliveries`),
    ]) {
      expectProblem(
        assert,
        await call().header('Authorization', authorization),
        404,
        'WEBHOOK_ENDPOINT_NOT_FOUND'
      )
    }
    expectProblem(
      assert,
      await client
        .post(`${BASE}/deliveries/${UNKNOWN_ID}/redeliver`)
        .header('Authorization', authorization),
      404,
      'WEBHOOK_DELIVERY_NOT_FOUND'
    )
  })

  test('disable, enable and change events; invalid changes are a 400', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.SUPER_ADMIN)
    const endpoint = await created(client, authorization)
    await db
      .from('webhook_endpoints')
      .where('id', endpoint.id)
      .update({ failing_since: sqlTime(DateTime.now().minus({ hours: 1 })) })

    const disabled = await client
      .put(`${BASE}/${endpoint.id}`)
      .header('Authorization', authorization)
      .json({ enabled: false })
    disabled.assertStatus(200)
    assert.containsSubset(disabled.body(), { enabled: false, disabledReason: 'manual' })

    const enabled = await client
      .put(`${BASE}/${endpoint.id}`)
      .header('Authorization', authorization)
      .json({ enabled: true, events: ['order.cancelled'] })
    enabled.assertStatus(200)
    assert.containsSubset(enabled.body(), {
      enabled: true,
      disabledReason: null,
      failingSince: null,
      events: ['order.cancelled'],
    })

    for (const input of [{ enabled: 'yes' }, { events: [] }, { url: 'gopher://x' }]) {
      const response = await client
        .put(`${BASE}/${endpoint.id}`)
        .header('Authorization', authorization)
        .json(input)
      expectProblem(assert, response, 400, 'VALIDATION_FAILED')
    }
    const row = await db.from('webhook_endpoints').where('id', endpoint.id).firstOrFail()
    assert.equal(JSON.parse(row.events)[0], 'order.cancelled')
  })

  test('rotation answers a new secret once; both sign for 24 hours, then the new one alone', async ({
    client,
    assert,
  }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const endpoint = await created(client, authorization)
    const response = await client
      .post(`${BASE}/${endpoint.id}/rotate-secret`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    const fresh = response.body().secret
    assert.match(fresh, /^whsec_/)
    assert.notEqual(fresh, endpoint.secret)

    const stored = openSecrets(await WebhookEndpoint.findOrFail(endpoint.id))
    const now = DateTime.now()
    assert.deepEqual(signingSecrets(stored, now), [fresh, endpoint.secret])
    assert.deepEqual(signingSecrets(stored, now.plus({ hours: 24, minutes: 1 })), [fresh])

    // A receiver that still knows only the old secret verifies a signature made during the overlap.
    const timestamp = new Date()
    const signature = signingSecrets(stored, now)
      .map((secret) => new Webhook(secret).sign('msg_1', timestamp, '{}'))
      .join(' ')
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signature,
    }
    assert.doesNotThrow(() => new Webhook(endpoint.secret).verify('{}', headers))
    assert.doesNotThrow(() => new Webhook(fresh).verify('{}', headers))
  })

  test('delete removes the endpoint', async ({ client, assert }) => {
    const { authorization } = await actor(UserType.ADMIN)
    const endpoint = await created(client, authorization)
    const response = await client
      .delete(`${BASE}/${endpoint.id}`)
      .header('Authorization', authorization)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: endpoint.id, deleted: true })
    assert.lengthOf(await db.from('webhook_endpoints'), 0)
  })
})
