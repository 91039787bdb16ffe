import factory from '@adonisjs/lucid/factories'
import Shop from '#models/shop'
import { ShopStatus } from '#enums/shop_status'

/** Shops; `sellerId` must be merged in. Approved by default, since most tests sell something. */
export const ShopFactory = factory
  .define(Shop, ({ faker }) => ({
    name: faker.company.name().slice(0, 120),
    description: faker.company.catchPhrase(),
    status: ShopStatus.APPROVED as ShopStatus,
  }))
  .state('pending', (shop) => (shop.status = ShopStatus.PENDING))
  .state('suspended', (shop) => (shop.status = ShopStatus.SUSPENDED))
  .build()
