import { test } from '@japa/runner'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from '#services/accounts/password_rules'

const EMAIL = 'someone@example.com'

test.group('Password rules', () => {
  test('accepts 8 to 128 characters that are neither common nor the e-mail', ({ assert }) => {
    assert.equal(PASSWORD_MIN_LENGTH, 8)
    assert.equal(PASSWORD_MAX_LENGTH, 128)
    for (const password of [
      'Quiet-Lantern-4821',
      'x7#Kp2!q',
      'é'.repeat(8) + 'Z',
      'a'.repeat(127) + 'B',
    ]) {
      assert.isNull(passwordProblem(password, EMAIL), password)
    }
  })

  test('refuses lengths outside 8 to 128', ({ assert }) => {
    assert.match(passwordProblem('x7#Kp2!', EMAIL)!, /8 to 128/)
    assert.match(passwordProblem('a'.repeat(129), EMAIL)!, /8 to 128/)
    assert.isNull(passwordProblem('a7#Kp2!q'.repeat(16), EMAIL))
  })

  test('refuses the e-mail address, whatever its case and surrounding spaces', ({ assert }) => {
    assert.match(passwordProblem(EMAIL, EMAIL)!, /e-mail/)
    assert.match(passwordProblem(` ${EMAIL.toUpperCase()} `, EMAIL)!, /e-mail/)
    assert.match(passwordProblem(EMAIL, ` ${EMAIL.toUpperCase()}\t`)!, /e-mail/)
  })

  test('refuses common passwords, case-insensitively', ({ assert }) => {
    for (const password of [
      'password',
      'password123',
      'PASSWORD1',
      'qwertyuiop',
      '12345678',
      'iloveyou',
    ]) {
      assert.match(passwordProblem(password, EMAIL) ?? '', /common/, password)
    }
  })
})
