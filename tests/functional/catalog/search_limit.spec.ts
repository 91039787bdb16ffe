import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { CATALOG_SEARCHES_PER_MINUTE } from '#start/limiter'
import { tally } from '#tests/functional/checkout/support'

test.group('Catalog search: per client address', (group) => {
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })

  test('a burst of searches from one address gets exactly the limit answered', async ({
    client,
    assert,
  }) => {
    const burst = CATALOG_SEARCHES_PER_MINUTE + 10
    // Each request claims another address: with the default TRUST_PROXY the header is ignored.
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        client
          .get('/api/v1/products')
          .qs({ q: `mug ${index}` })
          .header('X-Forwarded-For', `198.51.100.${index % 250}`)
      )
    )
    assert.deepEqual(tally(responses), {
      '200': CATALOG_SEARCHES_PER_MINUTE,
      '429 TOO_MANY_REQUESTS': 10,
    })
    for (const response of responses.filter((candidate) => candidate.status() === 429)) {
      assert.isAbove(Number(response.header('retry-after')), 0)
    }
  })
})
