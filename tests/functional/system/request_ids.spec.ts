import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { captureLogs, logLines } from '#tests/helpers/logs'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A route that answers an error body, so the id shows in the header, the body and the logs. */
const MISSING = '/api/v1/no-such-route'

/** Sends `id` as X-Request-Id: the id answered in the header and the body, and the log lines. */
async function sentWith(client: ApiClient, id: string) {
  let header: string | undefined
  let bodyId: string | undefined
  const output = await captureLogs(async () => {
    const response = await client.get(MISSING).header('X-Request-Id', id)
    response.assertStatus(404)
    header = response.header('x-request-id')
    bodyId = response.body().requestId
  })
  return { header, bodyId, output }
}

test.group('Request ids sent by the client', () => {
  test('{$i}: a well-formed id is kept everywhere')
    .with([
      'trace-abc-123',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'a'.repeat(128),
      'lb:10.0.0.1:443_x.y',
    ])
    .run(async ({ client, assert }, id) => {
      const { header, bodyId, output } = await sentWith(client, id)
      assert.equal(header, id)
      assert.equal(bodyId, id)
      const lines = logLines(output).filter(
        (line) => line.msg === 'request completed' && line.path === MISSING
      )
      assert.lengthOf(lines, 1)
      assert.equal(lines[0].request_id, id)
    })

  test('{$i}: anything else is replaced by a fresh id, in the header, the body and the logs')
    .with([
      'x'.repeat(16_000),
      'a'.repeat(129),
      'has space',
      '"quoted"',
      '<script>alert(1)</script>',
      'id;drop',
      'tr\u00e1ce',
      // Look-alike letters sent as UTF-8 bytes, as a client's header reaches the server.
      Buffer.from('ｔｒａｃｅ-\u2010id', 'utf8').toString('latin1'),
      'a/b',
    ])
    .run(async ({ client, assert }, id) => {
      const { header, bodyId, output } = await sentWith(client, id)
      assert.match(header ?? '', UUID)
      assert.equal(bodyId, header)
      const lines = logLines(output)
      assert.isAbove(lines.length, 0)
      for (const line of lines) assert.equal(line.request_id, header)
      assert.notInclude(output, id)
    })

  test('an id sent twice is replaced', async ({ client, assert }) => {
    const response = await client.get(MISSING).header('X-Request-Id', ['first', 'second'])
    response.assertStatus(404)
    assert.match(response.header('x-request-id') ?? '', UUID)
    assert.equal(response.body().requestId, response.header('x-request-id'))
  })

  test('without one, each request gets its own fresh id', async ({ client, assert }) => {
    const first = await client.get(MISSING)
    const second = await client.get(MISSING)
    assert.match(first.header('x-request-id') ?? '', UUID)
    assert.match(second.header('x-request-id') ?? '', UUID)
    assert.notEqual(first.header('x-request-id'), second.header('x-request-id'))
  })
})
