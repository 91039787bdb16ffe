import { test } from '@japa/runner'
import { addressLines } from '#support/address_lines'

const base = {
  fullName: 'Ada Lovelace',
  phone: '+1 512 555 0100',
  line1: '1 Main Street',
  line2: null,
}

test.group('addressLines', () => {
  test('{label}')
    .with([
      {
        label: 'the United States: city, state and ZIP on one line',
        address: { city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
        expected: ['Austin, TX 78701', 'United States'],
      },
      {
        label: 'Germany: the postal code before the city',
        address: { city: 'Berlin', state: null, postalCode: '10115', country: 'DE' },
        expected: ['10115 Berlin', 'Germany'],
      },
      {
        label: 'France, in lower case: as Germany',
        address: { city: 'Paris', state: null, postalCode: '75001', country: 'fr' },
        expected: ['75001 Paris', 'France'],
      },
      {
        label: 'the United Kingdom: the postcode on its own line',
        address: { city: 'London', state: null, postalCode: 'SW1A 1AA', country: 'GB' },
        expected: ['London', 'SW1A 1AA', 'United Kingdom'],
      },
      {
        label: 'a country outside the table: postal code and city, the region below',
        address: { city: 'Oaxaca', state: 'OAX', postalCode: '68000', country: 'MX' },
        expected: ['68000 Oaxaca', 'OAX', 'Mexico'],
      },
      {
        label: 'a US address without a state keeps no stray comma',
        address: { city: 'Austin', state: null, postalCode: '78701', country: 'US' },
        expected: ['Austin, 78701', 'United States'],
      },
      {
        label: 'no postal code: the city alone',
        address: { city: 'Dublin', state: null, postalCode: null, country: 'IE' },
        expected: ['Dublin', 'Ireland'],
      },
    ])
    .run(({ assert }, { address, expected }) => {
      const lines = addressLines({ ...base, ...address })
      assert.deepEqual(lines, ['Ada Lovelace', '1 Main Street', ...expected])
    })
})
