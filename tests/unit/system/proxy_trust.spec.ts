import { test } from '@japa/runner'
import { compileProxyTrust } from '#support/proxy_trust'

test.group('compileProxyTrust', () => {
  test('false, empty or unset trusts no hop', ({ assert }) => {
    for (const setting of [undefined, '', 'false', 'FALSE', '0']) {
      const trust = compileProxyTrust(setting)
      assert.isFalse(trust('127.0.0.1', 0), String(setting))
      assert.isFalse(trust('10.0.0.1', 1), String(setting))
    }
  })

  test('true trusts every hop', ({ assert }) => {
    const trust = compileProxyTrust('true')
    assert.isTrue(trust('203.0.113.9', 0))
    assert.isTrue(trust('198.51.100.7', 5))
  })

  test('a hop count trusts that many hops in front of the server', ({ assert }) => {
    const trust = compileProxyTrust('2')
    assert.isTrue(trust('203.0.113.9', 0))
    assert.isTrue(trust('203.0.113.9', 1))
    assert.isFalse(trust('203.0.113.9', 2))
  })

  test('a list of names, addresses and CIDR ranges trusts exactly those', ({ assert }) => {
    const trust = compileProxyTrust('loopback, 10.0.0.0/8 ,192.0.2.4')
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('::1', 0))
    assert.isTrue(trust('10.20.30.40', 1))
    assert.isTrue(trust('192.0.2.4', 1))
    assert.isFalse(trust('192.0.2.5', 0))
    assert.isFalse(trust('203.0.113.9', 0))
  })

  test('a value proxy-addr cannot read is refused with the variable named', ({ assert }) => {
    for (const setting of ['yes', '10.0.0.0/99', 'loopback,,', '300.1.1.1']) {
      assert.throws(() => compileProxyTrust(setting), /TRUST_PROXY/)
    }
  })
})
