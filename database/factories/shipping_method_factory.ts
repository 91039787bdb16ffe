import factory from '@adonisjs/lucid/factories'
import ShippingMethod from '#models/shipping_method'

/** Active shipping methods with unique names. */
export const ShippingMethodFactory = factory
  .define(ShippingMethod, ({ faker }) => ({
    name: `Courier ${faker.string.alphanumeric(10)}`,
    description: 'Door to door',
    priceCents: 700,
    estimatedDays: 3,
    isActive: true,
  }))
  .state('inactive', (method) => (method.isActive = false))
  .build()
