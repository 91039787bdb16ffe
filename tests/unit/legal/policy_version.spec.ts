import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  MAX_VERSION_PART,
  VERSION_MAX_LENGTH,
  checkNewVersion,
  checkVersionChange,
  compareVersions,
  parseVersion,
  type VersionParts,
} from '#services/legal/policy_version'

const v = (text: string): VersionParts => {
  const parts = parseVersion(text)
  if (!parts) throw new Error(`not a version: ${text}`)
  return parts
}

const part = fc.integer({ min: 0, max: MAX_VERSION_PART })
const versionText = fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'))

test.group('parseVersion', () => {
  test('reads one to three parts, filling missing ones with zero', ({ assert }) => {
    assert.deepEqual(parseVersion('1'), [1, 0, 0])
    assert.deepEqual(parseVersion('1.0'), [1, 0, 0])
    assert.deepEqual(parseVersion('2.1.3'), [2, 1, 3])
    assert.deepEqual(parseVersion('0'), [0, 0, 0])
    assert.deepEqual(parseVersion('0.0.1'), [0, 0, 1])
    assert.deepEqual(parseVersion('1.10'), [1, 10, 0])
    assert.deepEqual(parseVersion('999999.999999.999999'), [999999, 999999, 999999])
  })

  test('refuses {$self}')
    .with([
      '',
      ' 1',
      '1 ',
      'v1',
      '1.',
      '.1',
      '1..2',
      '1.2.3.4',
      '-1',
      '1.-2',
      '01',
      '1.01',
      '1.0.00',
      '1e3',
      '0x10',
      '1.x',
      '1,2',
      '1000000',
      '1.1234567',
      '١',
    ])
    .run(({ assert }, text) => {
      assert.isNull(parseVersion(text))
    })

  test('every accepted version fits the length limit of the column', ({ assert }) => {
    fc.assert(
      fc.property(versionText, (text) => {
        assert.isNotNull(parseVersion(text))
        assert.isAtMost(text.length, VERSION_MAX_LENGTH)
      })
    )
  })
})

test.group('compareVersions', () => {
  test('compares numerically, part by part', ({ assert }) => {
    assert.isAbove(compareVersions(v('1.10'), v('1.9')), 0)
    assert.isBelow(compareVersions(v('1.9'), v('1.10')), 0)
    assert.isAbove(compareVersions(v('2'), v('1.999999.999999')), 0)
    assert.isAbove(compareVersions(v('1.0.1'), v('1')), 0)
    assert.isAbove(compareVersions(v('10.0'), v('9.99')), 0)
  })

  test('treats missing parts as zero, so 1, 1.0 and 1.0.0 are equal', ({ assert }) => {
    assert.equal(compareVersions(v('1'), v('1.0')), 0)
    assert.equal(compareVersions(v('1.0'), v('1.0.0')), 0)
    assert.equal(compareVersions(v('2.1'), v('2.1.0')), 0)
  })

  test('is a total order: antisymmetric and transitive', ({ assert }) => {
    fc.assert(
      fc.property(versionText, versionText, versionText, (a, b, c) => {
        const [pa, pb, pc] = [v(a), v(b), v(c)]
        assert.equal(Math.sign(compareVersions(pa, pb)), -Math.sign(compareVersions(pb, pa)))
        if (compareVersions(pa, pb) <= 0 && compareVersions(pb, pc) <= 0) {
          assert.isAtMost(compareVersions(pa, pc), 0)
        }
      })
    )
  })

  test('agrees with comparing the parts as one number', ({ assert }) => {
    const scale = MAX_VERSION_PART + 1
    const asNumber = ([major, minor, patch]: VersionParts) =>
      (major * scale + minor) * scale + patch
    fc.assert(
      fc.property(versionText, versionText, (a, b) => {
        assert.equal(
          Math.sign(compareVersions(v(a), v(b))),
          Math.sign(asNumber(v(a)) - asNumber(v(b)))
        )
      })
    )
  })
})

test.group('checkNewVersion', () => {
  test('accepts the first version of a type', ({ assert }) => {
    assert.equal(checkNewVersion(v('0.1'), []), 'ok')
  })

  test('accepts a version above every existing one', ({ assert }) => {
    assert.equal(checkNewVersion(v('1.10'), [v('1.0'), v('1.9')]), 'ok')
  })

  test('calls a numerically equal version a duplicate', ({ assert }) => {
    assert.equal(checkNewVersion(v('1'), [v('1.0')]), 'duplicate')
    assert.equal(checkNewVersion(v('2.0.0'), [v('1.0'), v('2')]), 'duplicate')
  })

  test('refuses a version below an existing one, even above others', ({ assert }) => {
    assert.equal(checkNewVersion(v('1.9'), [v('1.10')]), 'out_of_order')
    assert.equal(checkNewVersion(v('1.5'), [v('1.0'), v('2.0')]), 'out_of_order')
  })
})

test.group('checkVersionChange', () => {
  const others = [v('1.0'), v('3.0')]

  test('accepts a number between the neighbours', ({ assert }) => {
    assert.equal(checkVersionChange(v('2.0'), v('2.5'), others), 'ok')
    assert.equal(checkVersionChange(v('2.0'), v('1.0.1'), others), 'ok')
    assert.equal(checkVersionChange(v('2.0'), v('2'), others), 'ok')
  })

  test('the newest version may move anywhere above the others', ({ assert }) => {
    assert.equal(checkVersionChange(v('3.0'), v('40'), [v('1.0'), v('2.0')]), 'ok')
    assert.equal(checkVersionChange(v('3.0'), v('2.1'), [v('1.0'), v('2.0')]), 'ok')
  })

  test('calls a number another version has a duplicate', ({ assert }) => {
    assert.equal(checkVersionChange(v('2.0'), v('3'), others), 'duplicate')
    assert.equal(checkVersionChange(v('2.0'), v('1.0.0'), others), 'duplicate')
  })

  test('refuses a number that passes another version', ({ assert }) => {
    assert.equal(checkVersionChange(v('2.0'), v('3.1'), others), 'out_of_order')
    assert.equal(checkVersionChange(v('2.0'), v('0.9'), others), 'out_of_order')
  })
})
