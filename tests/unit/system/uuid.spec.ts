import { test } from '@japa/runner'
import { isUuid } from '#support/uuid'

test.group('isUuid', () => {
  test('accepts an id in either case', ({ assert }) => {
    assert.isTrue(isUuid('0b6c2a52-6d0e-4a8e-9d1c-2f4b9e7c1a35'))
    assert.isTrue(isUuid('0B6C2A52-6D0E-4A8E-9D1C-2F4B9E7C1A35'))
  })

  test('refuses what a uuid column would reject: {value}')
    .with([
      { value: 'not-a-uuid' },
      { value: '0b6c2a52-6d0e-4a8e-9d1c-2f4b9e7c1a3' },
      { value: ' 0b6c2a52-6d0e-4a8e-9d1c-2f4b9e7c1a35' },
      { value: '0b6c2a52-6d0e-4a8e-9d1c-2f4b9e7c1a35\n' },
      { value: '' },
      { value: 42 },
      { value: null },
    ])
    .run(({ assert }, { value }) => {
      assert.isFalse(isUuid(value))
    })
})
