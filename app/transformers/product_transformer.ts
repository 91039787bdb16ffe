import type Product from '#models/product'
import { nullableString, optionValuesSchema, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import {
  amountField,
  field,
  listField,
  from,
  instantField,
  nullableInstantField,
  readOnce,
  shapeOf,
} from '#transformers/shape'
import { centsToAmount } from '#support/money'
import { instantOfRow } from '#support/sql_time'
import type { ImageView } from '#services/catalog/product_image_service'
import type { VariantView } from '#services/catalog/product_variant_service'
import type { ProductOption } from '#models/product'

/** A row's options; most products have none, answered without parsing. */
function optionsOfRow(row: ProductRow): ProductOption[] {
  return row.options === '[]' ? [] : (JSON.parse(row.options) as ProductOption[])
}

/** A row of `products` read without a model, with its shop's name (`CatalogService.show`). */
export interface ProductRow {
  id: string
  shop_id: string
  shop_name: string
  name: string
  description: string | null
  /** JSON text: the product's options. */
  options: string
  price_cents: number
  /** 0 or 1 on SQLite. */
  is_active: boolean | number
  created_at: Date | string
  updated_at: Date | string
  /** Set by the service from `product_categories`, sorted. */
  category_ids: string[]
  /** Set by the service from `product_images`, in order. */
  images: ImageView[]
  /** Set by the service from `product_variants`: those on sale, in order. */
  variants: VariantView[]
}

/** The categories a product is filed under: the service puts them in `$extras.categoryIds`. */
const categoryIdsSchema = { type: 'array', items: uuid, description: 'Sorted category ids' }

/** The product's images in order: the service puts them in `$extras.images`. */
const imagesSchema = {
  type: 'array',
  maxItems: 10,
  items: {
    type: 'object',
    required: ['id', 'url', 'position', 'contentType', 'size'],
    additionalProperties: false,
    properties: {
      id: uuid,
      url: {
        type: 'string',
        description: 'Public URL: `/media/…` on this service, or the bucket’s own URL',
      },
      position: { type: 'integer', minimum: 1 },
      contentType: { enum: ['image/jpeg', 'image/png', 'image/webp'] },
      size: { type: 'integer', minimum: 1, description: 'Bytes' },
    },
  },
}

const optionsSchema = {
  type: 'array',
  maxItems: 3,
  items: {
    type: 'object',
    required: ['name', 'values'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      values: { type: 'array', items: { type: 'string' } },
    },
  },
}

/** One variant of a product: the service puts them in `$extras.variants`, in order. */
const variantShape = shapeOf<VariantView>()({
  id: field({ ...uuid, description: "For a product without options, the product's own id" }, 'id'),
  sku: field({ type: 'string' }, 'sku'),
  optionValues: field(optionValuesSchema, 'optionValues'),
  price: amountField('priceCents', 'What this variant costs'),
  stock: field({ type: 'integer', minimum: 0 }, 'stock'),
  inStock: field({ type: 'boolean' }, (variant) => variant.stock > 0),
  isActive: field(
    { type: 'boolean', description: "The seller's own switch of the variant" },
    'isActive'
  ),
})

/** The units of the variants on sale. */
function stockOf(variants: VariantView[]): number {
  return variants.reduce((sum, variant) => sum + (variant.isActive ? variant.stock : 0), 0)
}

/** The SKU of a product's one variant; null for a product with options (each has its own). */
function skuOf(options: ProductOption[], variants: VariantView[]): string | null {
  return options.length === 0 ? (variants[0]?.sku ?? null) : null
}

const variantsOfProduct = (product: Product): VariantView[] =>
  (product.$extras.variants as VariantView[] | undefined) ?? []

/** The product as the public catalog shows it; its `shop` must be preloaded. */
const catalogShape = shapeOf<Product>()({
  id: field(uuid, 'id'),
  shopId: field(uuid, 'shopId'),
  shopName: field({ type: 'string' }, (product) => product.shop.name),
  name: field({ type: 'string' }, 'name'),
  description: field(nullableString, 'description'),
  sku: field(
    { type: ['string', 'null'], description: 'Of a product without options; null otherwise' },
    (product) => skuOf(product.options, variantsOfProduct(product))
  ),
  price: amountField('priceCents', 'The lowest price of its variants on sale'),
  stock: field(
    { type: 'integer', minimum: 0, description: 'Units of its variants on sale' },
    (product) => stockOf(variantsOfProduct(product))
  ),
  inStock: field({ type: 'boolean' }, (product) => stockOf(variantsOfProduct(product)) > 0),
  options: field(optionsSchema, (product) => product.options),
  variants: listField(variantShape, variantsOfProduct),
  isActive: field({ type: 'boolean', description: "The seller's own switch" }, 'isActive'),
  categoryIds: field(
    categoryIdsSchema,
    (product): string[] => (product.$extras.categoryIds as string[] | undefined) ?? []
  ),
  images: field(
    imagesSchema,
    (product): ImageView[] => (product.$extras.images as ImageView[] | undefined) ?? []
  ),
  createdAt: instantField('createdAt'),
  updatedAt: instantField('updatedAt'),
})

/**
 * Since when an administrator keeps the product off sale, read once for the three fields below.
 * A product just created has never read the takedown columns: undefined stands for null.
 */
const takenDownSince = readOnce((product: Product) => product.takenDownAt ?? null)

/**
 * The body its seller sees: a taken-down product is off sale whatever `isActive` says, until an
 * administrator restores it (docs/api/catalog.md, "Takedowns").
 */
const sellerShape = catalogShape.with({
  takenDown: field(
    {
      type: 'boolean',
      description:
        'An administrator keeps the product off sale, whatever `isActive` says, until an ' +
        'administrator restores it',
    },
    from(takenDownSince, (since) => since !== null)
  ),
  takenDownAt: nullableInstantField(from(takenDownSince, (since) => since)),
  takedownReason: field(
    { type: ['string', 'null'], maxLength: 500 },
    from(takenDownSince, (since, product) => (since ? product.takedownReason : null))
  ),
})

/**
 * A product as the public catalog shows it; its `shop` must be preloaded. Its seller's routes
 * answer with the `forSeller` variant, which adds the administrator's takedown.
 */
export default class ProductTransformer extends ApiTransformer<Product> {
  static readonly shape = catalogShape
  static readonly sellerShape = sellerShape

  /**
   * The same body from a row, for the hottest catalog read: no model is hydrated and no
   * transformer item built (issue #15 allows it; docs/performance.md, "Profile").
   */
  static readonly fromRow = catalogShape.readerFor<ProductRow>({
    id: 'id',
    shopId: 'shop_id',
    shopName: 'shop_name',
    name: 'name',
    description: 'description',
    sku: (row) => skuOf(optionsOfRow(row), row.variants),
    price: (row) => centsToAmount(row.price_cents),
    stock: (row) => stockOf(row.variants),
    inStock: (row) => stockOf(row.variants) > 0,
    options: (row) => optionsOfRow(row),
    variants: (row) => row.variants.map((variant) => variantShape.write(variant)),
    isActive: (row) => Boolean(row.is_active),
    categoryIds: 'category_ids',
    images: 'images',
    createdAt: (row) => instantOfRow(row.created_at),
    updatedAt: (row) => instantOfRow(row.updated_at),
  })

  toObject() {
    return catalogShape.write(this.resource)
  }

  forSeller() {
    return sellerShape.write(this.resource)
  }
}
