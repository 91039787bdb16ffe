import { randomInt, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import Product from '#models/product'
import ProductVariant from '#models/product_variant'

/**
 * What a product made for a test starts as: the product's own fields and those of its one default
 * variant (`sku`, `priceCents`, `stock`), as a seller creating a product without options sends them.
 */
export interface ProductSeed {
  shopId: string
  name: string
  description: string | null
  sku: string
  priceCents: number
  stock: number
  isActive: boolean
  takenDownAt: DateTime | null
  takedownReason: string | null
  deletedAt: DateTime | null
  /** When the product was listed (the catalog's newest-first order); now by default. */
  createdAt?: DateTime
}

/** A product made by `ProductFactory`, with its default variant's SKU and stock at creation. */
export type MadeProduct = Product & { sku: string; stock: number; variant: ProductVariant }

const STATES = {
  inactive: { isActive: false },
  takenDown: {
    takenDownAt: DateTime.now(),
    takedownReason: 'Listed without the safety certificate it needs.',
  },
  deleted: { deletedAt: DateTime.now() },
  outOfStock: { stock: 0 },
} satisfies Record<string, Partial<ProductSeed>>

type ProductState = keyof typeof STATES

/**
 * Active products in stock, each with its one default variant (whose id is the product's, as the
 * service makes them); `shopId` must be merged in. Shaped like a Lucid factory (`merge`, `apply`,
 * `create`, `createMany`), as a product and its variant are two rows one factory cannot make.
 */
class ProductBuilder {
  constructor(
    private readonly states: ProductState[] = [],
    private readonly merged: Partial<ProductSeed> | Partial<ProductSeed>[] = {}
  ) {}

  apply(...states: ProductState[]) {
    return new ProductBuilder([...this.states, ...states], this.merged)
  }

  /** Attributes for every product, or one object per product of `createMany`. */
  merge(attributes: Partial<ProductSeed> | Partial<ProductSeed>[]) {
    return new ProductBuilder(this.states, attributes)
  }

  async create(): Promise<MadeProduct> {
    const [product] = await this.createMany(1)
    return product
  }

  async createMany(count: number): Promise<MadeProduct[]> {
    const made: MadeProduct[] = []
    for (let index = 0; index < count; index++) {
      const own = Array.isArray(this.merged) ? (this.merged[index] ?? {}) : this.merged
      made.push(await this.#make(own))
    }
    return made
  }

  async #make(own: Partial<ProductSeed>): Promise<MadeProduct> {
    const seed: ProductSeed = {
      shopId: '',
      name: `Product ${randomUUID().slice(0, 8)}`,
      description: 'Made for a test.',
      sku: `SKU-${randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`,
      priceCents: randomInt(100, 100_001),
      stock: 50,
      isActive: true,
      takenDownAt: null,
      takedownReason: null,
      deletedAt: null,
      ...Object.assign({}, ...this.states.map((state) => STATES[state])),
      ...own,
    }
    const { sku, stock, ...fields } = seed
    const product = await Product.create({ ...fields, options: [] })
    const variant = await ProductVariant.create({
      id: product.id,
      productId: product.id,
      shopId: product.shopId,
      sku,
      optionValues: {},
      optionKey: '',
      priceCents: seed.priceCents,
      stock,
      isActive: true,
      position: 1,
      deletedAt: seed.deletedAt,
    })
    return Object.assign(product, { sku, stock, variant })
  }
}

export const ProductFactory = new ProductBuilder()
