import db from '@adonisjs/lucid/services/db'

/**
 * Deletes what a test outside a global transaction committed: the cart lines and accounts of
 * `users`, and the products of `shops` with the shops themselves. Children first, so the
 * foreign keys allow it.
 */
export async function deleteCommitted({
  users = [],
  shops = [],
}: {
  users?: string[]
  shops?: string[]
}) {
  await db.from('cart_items').whereIn('user_id', users).delete()
  await db.from('product_variants').whereIn('shop_id', shops).delete()
  await db.from('products').whereIn('shop_id', shops).delete()
  await db.from('shops').whereIn('id', shops).delete()
  await db.from('users').whereIn('id', users).delete()
}
