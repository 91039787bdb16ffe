import factory from '@adonisjs/lucid/factories'
import ShippingAddress from '#models/shipping_address'

/** Addresses in the United States, not the default; `userId` must be merged in. */
export const ShippingAddressFactory = factory
  .define(ShippingAddress, ({ faker }) => ({
    fullName: faker.person.fullName().slice(0, 100),
    phone: '+1 555 0100',
    line1: faker.location.streetAddress().slice(0, 200),
    line2: null,
    city: faker.location.city().slice(0, 100),
    state: 'CA',
    postalCode: '94105',
    country: 'US',
    isDefault: false,
  }))
  .state('default', (address) => (address.isDefault = true))
  .build()
