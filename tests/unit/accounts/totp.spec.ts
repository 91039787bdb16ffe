import { test } from '@japa/runner'
import { Secret } from 'otpauth'
import {
  matchingTotpStep,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from '#services/accounts/totp'

/** RFC 6238's SHA-1 test secret, "12345678901234567890" in ASCII. */
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32

test.group('TOTP (RFC 6238)', () => {
  test('the RFC test vectors, as 6 digits, at {seconds}s')
    .with([
      { seconds: 59, code: '287082' },
      { seconds: 1111111109, code: '081804' },
      { seconds: 1111111111, code: '050471' },
      { seconds: 1234567890, code: '005924' },
      { seconds: 2000000000, code: '279037' },
      { seconds: 20000000000, code: '353130' },
    ])
    .run(({ assert }, { seconds, code }) => {
      assert.equal(totpCode(RFC_SECRET, seconds * 1000), code)
      assert.equal(matchingTotpStep(RFC_SECRET, code, seconds * 1000), totpStep(seconds * 1000))
    })

  test('a code matches one step either side of the instant, and no further', ({ assert }) => {
    const at = 1_700_000_000_000
    const step = totpStep(at)
    assert.equal(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at), step - 1)
    assert.equal(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at), step + 1)
    assert.isNull(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at))
    assert.isNull(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, at + 60_000), at))
  })

  test('anything but six digits never matches', ({ assert }) => {
    const at = 1_700_000_000_000
    const code = totpCode(RFC_SECRET, at)
    for (const input of ['', code.slice(1), `${code}0`, ` ${code}`, 'abcdef', '12345x']) {
      assert.isNull(matchingTotpStep(RFC_SECRET, input, at), input)
    }
  })

  test('a new secret is 160 random bits in base32, and the URI names issuer and account', ({
    assert,
  }) => {
    const secret = newTotpSecret()
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.notEqual(newTotpSecret(), secret)
    const uri = new URL(totpUri(secret, 'Commerce admin', 'admin@example.com'))
    assert.equal(uri.protocol, 'otpauth:')
    assert.equal(uri.searchParams.get('secret'), secret)
    assert.equal(uri.searchParams.get('issuer'), 'Commerce admin')
    assert.equal(uri.searchParams.get('digits'), '6')
    assert.equal(uri.searchParams.get('period'), '30')
  })
})
