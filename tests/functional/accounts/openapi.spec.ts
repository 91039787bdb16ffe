import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'

test.group('OpenAPI: account routes', () => {
  test('describes every /auth route and method with envelope errors', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/openapi.json')
    const document = response.body()
    const expected: string[] = []
    for (const routes of Object.values(router.toJSON())) {
      for (const route of routes) {
        if (!route.pattern.startsWith('/auth')) continue
        for (const method of route.methods) {
          if (method !== 'HEAD') expected.push(`${method} ${route.pattern}`)
        }
      }
    }
    assert.lengthOf(expected, 16)

    for (const entry of expected) {
      const [method, pattern] = entry.split(' ')
      const path = pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      const operation = document.paths[path]?.[method.toLowerCase()]
      assert.exists(operation, `${entry} is not documented`)
      assert.exists(operation.responses['200'], `${entry} has no 200`)
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)
      assert.isAbove(errors.length, 0, `${entry} documents no error`)
      for (const [status, described] of errors as Array<[string, any]>) {
        assert.deepEqual(
          described.content?.['application/json']?.schema,
          { $ref: '#/components/schemas/ErrorEnvelope' },
          `${entry} ${status}`
        )
      }
    }
  })

  test('takes request schemas from the validators', async ({ client, assert }) => {
    const response = await client.get('/openapi.json')
    const { paths } = response.body()

    const register = paths['/auth/register'].post.requestBody.content['application/json'].schema
    assert.sameMembers(register.required, ['email', 'password', 'userType'])
    assert.equal(register.properties.password.minLength, 8)
    assert.equal(register.properties.password.maxLength, 128)
    assert.deepEqual(register.properties.userType.enum, ['customer', 'seller', 'admin'])

    const verifyQuery = paths['/auth/otp-verification'].get.parameters
    assert.sameMembers(
      verifyQuery.map((parameter: { name: string }) => parameter.name),
      ['userId', 'otp']
    )
    for (const parameter of verifyQuery) assert.equal(parameter.in, 'query')

    const resetQuery = paths['/auth/reset-password'].get.parameters
    const optional = resetQuery.filter((parameter: { required: boolean }) => !parameter.required)
    assert.deepEqual(
      optional.map((parameter: { name: string }) => parameter.name),
      ['userType']
    )

    const changeType = paths['/auth/{userId}/change-user-type'].put
    assert.equal(changeType.security[0].bearerAuth.length, 0)
    const userType = changeType.parameters.find(
      (parameter: { name: string }) => parameter.name === 'userType'
    )
    assert.deepEqual(userType.schema.enum, ['CUSTOMER', 'SELLER', 'ADMIN', 'SUPER_ADMIN'])
    assert.isTrue(userType.required)
  })
})
