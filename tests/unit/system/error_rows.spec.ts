import { test } from '@japa/runner'
import { DomainError, domainErrors, errorOfRow, type ErrorRow } from '#exceptions/domain_error'

test.group('Error rows', () => {
  test('a row gives its status, code and message', ({ assert }) => {
    assert.deepEqual(errorOfRow([422, 'SOME_REFUSAL', 'Refused for a reason']), {
      status: 422,
      code: 'SOME_REFUSAL',
      message: 'Refused for a reason',
    })
  })

  test('a row with a status that is not an error or a code that is not UPPER_SNAKE fails at load', ({
    assert,
  }) => {
    const rows: ErrorRow[] = [
      [200, 'SOME_REFUSAL', 'Not an error status'],
      [42, 'SOME_REFUSAL', 'Too short a status'],
      [422, 'cart_full', 'Lower case'],
      [422, 'SOME REFUSAL', 'A space'],
    ]
    for (const row of rows) {
      assert.throws(() => errorOfRow(row), /is not an error status with an UPPER_SNAKE code/)
    }
  })

  test('domainErrors declares a DomainError class per row', ({ assert }) => {
    const { Refused } = domainErrors({ Refused: [409, 'SOMETHING_REFUSED', 'It was refused'] })
    const error = new Refused()
    assert.instanceOf(error, DomainError)
    assert.include(error, { status: 409, code: 'SOMETHING_REFUSED', message: 'It was refused' })
    assert.equal(new Refused('Said otherwise').message, 'Said otherwise')
  })
})
