import { test } from '@japa/runner'
import { expectProblem } from '#tests/helpers/responses'

test.group('GET /docs/assets/{file}', () => {
  test('a name that is not a served asset is a 404, inherited property names included: {$self}')
    .with(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'nope.js'])
    .run(async ({ client, assert }, name) => {
      const response = await client.get(`/docs/assets/${name}`)
      expectProblem(assert, response, 404, 'NOT_FOUND')
    })

  test('the listed assets are still served', async ({ client }) => {
    const response = await client.get('/docs/assets/swagger-ui-bundle.js')
    response.assertStatus(200)
  })
})
