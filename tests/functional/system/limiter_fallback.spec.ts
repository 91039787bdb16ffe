import { test } from '@japa/runner'
import { RedisConnection } from '@adonisjs/redis'
import { errors } from '@adonisjs/limiter'
import { RedisStoreWithMemoryFallback } from '#support/redis_limiter_store'
import { freePort } from '#tests/helpers/instances'

test.group('Rate limits without Redis', () => {
  test('count in this instance memory instead of failing, and still refuse past the limit', async ({
    assert,
    cleanup,
  }) => {
    // A Redis that is not there: nothing listens on this port.
    const connection = new RedisConnection('unreachable', {
      host: '127.0.0.1',
      port: await freePort(),
      maxRetriesPerRequest: 1,
      retryStrategy: () => 1_000,
    })
    connection.on('error', () => {})
    cleanup(() => connection.disconnect())
    const store = new RedisStoreWithMemoryFallback(connection, { requests: 3, duration: 60 })

    const startedAt = Date.now()
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await store.consume('fallback-key')
      assert.equal(response.remaining, 3 - attempt)
    }
    await assert.rejects(() => store.consume('fallback-key'), errors.E_TOO_MANY_REQUESTS)
    // Nothing waited for Redis.
    assert.isBelow(Date.now() - startedAt, 1_000)

    // Clearing resets the fallback counters too.
    await store.clear().catch(() => {})
    const afterClear = await store.consume('fallback-key')
    assert.equal(afterClear.remaining, 2)
  })
})
