import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ShopFactory } from '#database/factories/shop_factory'
import { ProductFactory, type ProductSeed } from '#database/factories/product_factory'
import { actor } from '#tests/helpers/actors'
import { UserType } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import type Shop from '#models/shop'

/** A logged-in seller owning one shop of the given status. */
export async function sellerWithShop(status: ShopStatus = ShopStatus.APPROVED) {
  const seller = await actor(UserType.SELLER)
  const shop = await ShopFactory.merge({ sellerId: seller.user.id, status }).create()
  return { ...seller, shop }
}

/** A product of `shop`, active and in stock unless overridden. */
export function productOf(shop: Shop, overrides: Partial<ProductSeed> = {}) {
  return ProductFactory.merge({ shopId: shop.id, ...overrides }).create()
}

/** A product on sale in a fresh approved shop of a fresh seller. */
export async function productOnSale(overrides: Partial<ProductSeed> = {}) {
  const { shop } = await sellerWithShop()
  const product = await productOf(shop, overrides)
  return { shop, product }
}

/**
 * One product for each way of being off sale: inactive, taken down by an administrator (its
 * seller's switch on), deleted, of a PENDING shop and of a SUSPENDED shop.
 */
export async function productsOffSale() {
  const { shop } = await sellerWithShop()
  const inactive = await productOf(shop, { isActive: false })
  const takenDown = await productOf(shop, takenDownFields())
  const deleted = await productOf(shop, { deletedAt: minutesAgo(1) })
  const pending = await sellerWithShop(ShopStatus.PENDING)
  const suspended = await sellerWithShop(ShopStatus.SUSPENDED)
  const ofPending = await productOf(pending.shop)
  const ofSuspended = await productOf(suspended.shop)
  return { inactive, takenDown, deleted, ofPending, ofSuspended }
}

/** The fields of a product an administrator took down a minute ago. */
export function takenDownFields(): Partial<ProductSeed> {
  return { takenDownAt: minutesAgo(1), takedownReason: 'Counterfeit of a registered brand.' }
}

/** An instant `minutes` ago, for rows whose order a test depends on. */
export function minutesAgo(minutes: number) {
  return DateTime.now().minus({ minutes })
}

/** An instant as the connection stores it, for writes that bypass the models. */
export function stored(instant: DateTime) {
  return instant.toFormat(db.connection().dialect.dateTimeFormat)
}
