import { test } from '@japa/runner'
import { NearStaticCache } from '#services/checkout/near_static_cache'

/** A cache on a clock the test moves, and a loader that counts its reads. */
function fixture(ttlMs = 5000) {
  let now = 1_000_000
  const clock = { advance: (ms: number) => (now += ms) }
  const cache = new NearStaticCache(ttlMs, () => now)
  let reads = 0
  let value = 'first'
  const source = {
    set: (next: string) => (value = next),
    reads: () => reads,
    load: async () => {
      reads++
      return value
    },
  }
  return { cache, clock, source }
}

test.group('NearStaticCache', () => {
  test('reads once within the lifetime, again after it', async ({ assert }) => {
    const { cache, clock, source } = fixture()
    assert.equal(await cache.get('k', source.load), 'first')
    source.set('second')
    clock.advance(4999)
    assert.equal(await cache.get('k', source.load), 'first')
    assert.equal(source.reads(), 1)
    clock.advance(1)
    assert.equal(await cache.get('k', source.load), 'second')
    assert.equal(source.reads(), 2)
  })

  test('keys are kept apart', async ({ assert }) => {
    const { cache } = fixture()
    assert.equal(await cache.get('a', async () => 1), 1)
    assert.equal(await cache.get('b', async () => 2), 2)
    assert.equal(await cache.get('a', async () => 3), 1)
  })

  test('invalidate forgets everything at once', async ({ assert }) => {
    const { cache, source } = fixture()
    await cache.get('k', source.load)
    source.set('second')
    cache.invalidate()
    assert.equal(await cache.get('k', source.load), 'second')
  })

  test('a read that ran across an invalidation keeps nothing', async ({ assert }) => {
    const { cache, source } = fixture()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow = cache.get('k', async () => {
      await gate
      return 'read before the write committed'
    })
    source.set('written')
    cache.invalidate()
    release()
    assert.equal(await slow, 'read before the write committed')
    assert.equal(await cache.get('k', source.load), 'written')
  })

  test("an entry's lifetime counts from the start of its read", async ({ assert }) => {
    const { cache, clock } = fixture(1000)
    await cache.get('k', async () => {
      clock.advance(600)
      return 'old'
    })
    clock.advance(400)
    assert.equal(await cache.get('k', async () => 'new'), 'new')
  })

  test('a failed read is not kept', async ({ assert }) => {
    const { cache, source } = fixture()
    await assert.rejects(() =>
      cache.get('k', async () => {
        throw new Error('not found')
      })
    )
    assert.equal(await cache.get('k', source.load), 'first')
  })

  test('a lifetime of 0 reads every time', async ({ assert }) => {
    const { cache, source } = fixture(0)
    await cache.get('k', source.load)
    await cache.get('k', source.load)
    assert.equal(source.reads(), 2)
  })

  test('a lifetime given as a function is asked on first use, once', async ({ assert }) => {
    let asked = 0
    const cache = new NearStaticCache(() => {
      asked++
      return 1000
    })
    assert.equal(asked, 0)
    assert.equal(cache.ttlMs, 1000)
    await cache.get('k', async () => 1)
    assert.equal(asked, 1)
  })
})

test.group('NearStaticCache bound', () => {
  test('keeps at most its bound, dropping the entry used longest ago', async ({ assert }) => {
    const cache = new NearStaticCache(60_000, () => 0, 3)
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key)
    // `a` is used again, so `b` is now the one used longest ago.
    assert.equal(await cache.get('a', async () => 'reloaded'), 'a')
    await cache.get('d', async () => 'd')
    assert.equal(cache.size, 3)
    assert.equal(await cache.get('a', async () => 'reloaded'), 'a')
    assert.equal(await cache.get('c', async () => 'reloaded'), 'c')
    assert.equal(await cache.get('d', async () => 'reloaded'), 'd')
    assert.equal(await cache.get('b', async () => 'reloaded'), 'reloaded')
    assert.equal(cache.size, 3)
  })

  test('100,000 keys typed by customers never hold more than the default bound', async ({
    assert,
  }) => {
    const cache = new NearStaticCache(60_000, () => 0)
    for (let index = 0; index < 100_000; index++) {
      await cache.get(`tax-rate:US:state-${index}`, async () => null)
    }
    assert.equal(cache.size, cache.maxEntries)
    assert.equal(cache.maxEntries, 1000)
  })
})
