import { test } from '@japa/runner'
import { nestsDeeperThan } from '#support/nesting_depth'

/** `depth` levels of arrays, built without recursion. */
function arrays(depth: number): unknown {
  let value: unknown = []
  for (let level = 1; level < depth; level++) value = [value]
  return value
}

test.group('nestsDeeperThan', () => {
  test('counts the top-level object as level 1', ({ assert }) => {
    assert.isFalse(nestsDeeperThan({}, 1))
    assert.isTrue(nestsDeeperThan({ a: {} }, 1))
    assert.isFalse(nestsDeeperThan({ a: 1, b: 'x', c: null }, 1))
  })

  test('finds the deepest branch among shallow ones', ({ assert }) => {
    const body = { a: [1, 2], b: { c: { d: arrays(61) } } }
    assert.isFalse(nestsDeeperThan(body, 64))
    assert.isTrue(nestsDeeperThan(body, 63))
  })

  test('measures a body far deeper than the call stack allows recursion', ({ assert }) => {
    assert.isTrue(nestsDeeperThan(arrays(200_000), 64))
    assert.isFalse(nestsDeeperThan(arrays(64), 64))
    assert.isTrue(nestsDeeperThan(arrays(65), 64))
  })

  test('scalars nest nothing', ({ assert }) => {
    for (const value of [null, undefined, 0, 'text', true]) {
      assert.isFalse(nestsDeeperThan(value, 1))
    }
  })
})
