import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Shop from '#models/shop'
import { CompiledQuery } from '#queries/compiled_query'
import { parseOptionValues, type OptionValues } from '#models/product_variant'

/** One cart line joined with its variant, product and shop as they are now (checkout's input). */
export interface CartLine {
  productId: string
  variantId: string
  /** The variant's options (`{}` for a product without options). */
  optionValues: OptionValues
  shopId: string
  shopName: string
  name: string
  sku: string
  unitPriceCents: number
  quantity: number
  /** The variant's stock right now; a line above it cannot be bought. */
  stock: number
  /**
   * On sale right now: the variant active and not deleted, the product active, not taken down,
   * not deleted, and its shop selling (approved, seller active).
   */
  available: boolean
}

/** A cart line as checkout reads it: with the e-mail of the seller who ships it. */
export interface CartLineWithSeller extends CartLine {
  sellerEmail: string
  /** The shop's own commission rate (hundredths of a percent), null for the default. */
  commissionRate: number | null
}

/** A row of `buildLinesQuery`, as the driver returns it. */
export interface LineRow {
  product_id: string
  variant_id: string
  option_values: string
  variant_active: boolean | number
  variant_deleted_at: unknown
  shop_id: string
  shop_name: string
  seller_email?: string
  shop_commission_rate?: number | string | null
  name: string
  sku: string
  price_cents: number | string
  quantity: number | string
  stock: number | string
  is_active: boolean | number
  taken_down_at: unknown
  deleted_at: unknown
  shop_selling: boolean | number
}

/**
 * The customer's lines (or the line of `variantId`) joined with their variant, product and shop, oldest
 * first; whether the shop sells is the `selling` scope of `Shop` (the catalog's rule) as an
 * `EXISTS` column. `unordered` leaves the order to a query that joins these lines as a derived
 * table (which keeps no order of its own) by their `line_created_at` and `line_id` columns.
 */
export function buildLinesQuery(
  client: QueryClientContract,
  userId: string,
  options: { variantId?: string; withSellers?: boolean; unordered?: boolean }
) {
  const selling = Shop.query({ client })
    .withScopes((scopes) => scopes.selling())
    .whereColumn('shops.id', 'products.shop_id')
    .select('shops.id')
    .toSQL()
  const query = client
    .from('cart_items')
    .join('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .join('products', 'products.id', 'cart_items.product_id')
    .join('shops', 'shops.id', 'products.shop_id')
    .where('cart_items.user_id', userId)
  if (options.variantId) query.where('cart_items.variant_id', options.variantId)
  if (options.withSellers) {
    query
      .join('users as sellers', 'sellers.id', 'shops.seller_id')
      .select('sellers.email as seller_email', 'shops.commission_rate as shop_commission_rate')
  }
  if (options.unordered) {
    query.select('cart_items.created_at as line_created_at', 'cart_items.id as line_id')
  } else {
    query.orderBy('cart_items.created_at', 'asc').orderBy('cart_items.id', 'asc')
  }
  return query.select(
    'cart_items.product_id',
    'cart_items.variant_id',
    'cart_items.quantity',
    'products.shop_id',
    'products.name',
    'product_variants.sku',
    'product_variants.option_values',
    'product_variants.price_cents',
    'product_variants.stock',
    'product_variants.is_active as variant_active',
    'product_variants.deleted_at as variant_deleted_at',
    'products.is_active',
    'products.taken_down_at',
    'products.deleted_at',
    'shops.name as shop_name',
    client.getReadClient().raw(`exists (${selling.sql}) as shop_selling`, selling.bindings)
  )
}

/** A row of `buildLinesQuery` as a cart line (with its seller's e-mail when it was selected). */
export function lineOf(row: LineRow, withSeller = false): CartLine | CartLineWithSeller {
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    optionValues: parseOptionValues(row.option_values),
    shopId: row.shop_id,
    shopName: row.shop_name,
    ...(withSeller
      ? {
          sellerEmail: row.seller_email,
          commissionRate:
            row.shop_commission_rate === null || row.shop_commission_rate === undefined
              ? null
              : Number(row.shop_commission_rate),
        }
      : {}),
    name: row.name,
    sku: row.sku,
    unitPriceCents: Number(row.price_cents),
    quantity: Number(row.quantity),
    stock: Number(row.stock),
    available:
      Boolean(row.variant_active) &&
      row.variant_deleted_at === null &&
      Boolean(row.is_active) &&
      row.taken_down_at === null &&
      row.deleted_at === null &&
      Boolean(row.shop_selling),
  }
}

/**
 * The lines query in its two shapes (the whole cart, one variant's line), compiled once each
 * (`CompiledQuery`): every cart read and add sends it.
 */
const wholeCart = new CompiledQuery<[userId: string]>(1, (client, userId) =>
  buildLinesQuery(client, userId, {})
)
const oneLine = new CompiledQuery<[userId: string, variantId: string]>(
  2,
  (client, userId, variantId) => buildLinesQuery(client, userId, { variantId })
)

/**
 * The customer's lines (or only the line of `variantId`) with their variant, product and shop
 * rows as `client` sees them, oldest line first, in one query.
 */
export async function cartLinesOf(
  client: QueryClientContract,
  userId: string,
  variantId?: string
): Promise<CartLine[]> {
  const rows = variantId
    ? await oneLine.rows<LineRow>([userId, variantId], client)
    : await wholeCart.rows<LineRow>([userId], client)
  return rows.map((row) => lineOf(row))
}
