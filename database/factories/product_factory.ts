import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Product from '#models/product'

/** Active products in stock; `shopId` must be merged in. */
export const ProductFactory = factory
  .define(Product, ({ faker }) => ({
    name: faker.commerce.productName(),
    description: faker.commerce.productDescription(),
    sku: `SKU-${faker.string.alphanumeric(10).toUpperCase()}`,
    priceCents: faker.number.int({ min: 100, max: 100_000 }),
    stock: 50,
    isActive: true,
  }))
  .state('inactive', (product) => (product.isActive = false))
  .state('takenDown', (product) => {
    product.takenDownAt = DateTime.now()
    product.takedownReason = 'Listed without the safety certificate it needs.'
  })
  .state('deleted', (product) => (product.deletedAt = DateTime.now()))
  .state('outOfStock', (product) => (product.stock = 0))
  .build()
