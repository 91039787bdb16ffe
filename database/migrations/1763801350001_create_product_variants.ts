import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/*
| Product variants (docs/api/catalog.md, "Variants"). Stock, price and SKU move from the product to
| its variants: every existing product becomes a product with one default variant whose id is the
| product's own, so cart lines, order lines and clients that name the product keep working. Cart
| and order lines name their variant; `products.price_cents` stays as the lowest price of the
| product's variants on sale, kept by the service, for the catalog's price filter and sort.
|
| On SQLite, dropping a column or making one NOT NULL rebuilds the table (knex copies it); the
| rebuild needs foreign keys off, which SQLite only allows outside a transaction, hence
| `disableTransactions` (PostgreSQL still runs each direction in one transaction of its own); the
| SQLite steps that rebuild check first whether they already ran, so the migration can be run
| again after a failure part-way through them.
*/
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    this.defer((client) => this.#atomicWherePossible(client, (each) => this.#up(each)))
  }

  async #up(client: QueryClientContract) {
    const schema = () => client.schema
    const hasVariants = await schema().hasTable('product_variants')
    if (!hasVariants) {
      await schema().createTable('product_variants', (table) => {
        table.uuid('id').primary()
        table
          .uuid('product_id')
          .notNullable()
          .references('id')
          .inTable('products')
          .onDelete('RESTRICT')
        // The product's shop, kept with it when the product moves, so SKUs stay unique per shop.
        table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
        table.string('sku', 64).notNullable()
        // {"Size": "M", "Colour": "Red"}: one value of each of the product's options; {} for the
        // default variant of a product without options.
        table.text('option_values').notNullable().defaultTo('{}')
        // The same values as one canonical string (options in the product's order), so two live
        // variants of a product can never have the same combination.
        table.string('option_key', 400).notNullable().defaultTo('')
        table.integer('price_cents').notNullable()
        table.integer('stock').notNullable().defaultTo(0)
        table.boolean('is_active').notNullable().defaultTo(true)
        table.integer('position').notNullable().defaultTo(1)
        table.timestamp('deleted_at', { useTz: true }).nullable()
        table.timestamp('created_at', { useTz: true }).notNullable()
        table.timestamp('updated_at', { useTz: true }).notNullable()

        table.check('stock >= 0', [], 'product_variants_stock_check')
        table.check(
          'price_cents > 0 and price_cents <= 100000000',
          [],
          'product_variants_price_check'
        )
        table.unique(['shop_id', 'sku'], {
          indexName: 'product_variants_shop_sku_unique',
          predicate: client.knexQuery().whereNull('deleted_at'),
        })
        table.unique(['product_id', 'option_key'], {
          indexName: 'product_variants_product_options_unique',
          predicate: client.knexQuery().whereNull('deleted_at'),
        })
        table.index(['product_id', 'position'], 'product_variants_product_index')
      })
    }

    const hasOptions = await schema().hasColumn('products', 'options')
    if (!hasOptions) {
      await schema().alterTable('products', (table) => {
        // [{"name": "Size", "values": ["S", "M", "L"]}], at most three; [] without options.
        table.text('options').notNullable().defaultTo('[]')
      })
    }

    // The copy happens before either column goes: once `sku` is gone, the variants are there.
    if (await schema().hasColumn('products', 'sku')) {
      await client.rawQuery(
        `insert into product_variants
           (id, product_id, shop_id, sku, option_values, option_key, price_cents, stock,
            is_active, position, deleted_at, created_at, updated_at)
         select id, id, shop_id, sku, '{}', '', price_cents, stock, ${this.#true()}, 1,
                deleted_at, created_at, updated_at
           from products
          where id not in (select id from product_variants)`
      )
      // Partial, it is an index rather than a constraint on PostgreSQL.
      await client.rawQuery('drop index if exists products_shop_sku_unique')
      await schema().alterTable('products', (table) => table.dropColumn('sku'))
    }
    if (await schema().hasColumn('products', 'stock')) {
      await schema().alterTable('products', (table) => table.dropChecks('products_stock_check'))
      await schema().alterTable('products', (table) => table.dropColumn('stock'))
    }

    for (const lines of ['cart_items', 'order_items']) {
      if (await schema().hasColumn(lines, 'variant_id')) continue
      await schema().alterTable(lines, (table) => {
        table.uuid('variant_id').nullable().references('id').inTable('product_variants')
      })
      await client.rawQuery(`update ${lines} set variant_id = product_id`)
      await schema().alterTable(lines, (table) => {
        table.uuid('variant_id').notNullable().alter()
      })
    }

    await schema().alterTable('cart_items', (table) => {
      table.dropUnique(['user_id', 'product_id'], 'cart_items_user_product_unique')
      // One line per variant: concurrent adds merge into it instead of duplicating it.
      table.unique(['user_id', 'variant_id'], { indexName: 'cart_items_user_variant_unique' })
      table.index(['variant_id'], 'cart_items_variant_index')
    })
    await schema().alterTable('order_items', (table) => {
      // What the variant was when ordered ({} for a product without options).
      table.text('option_values').notNullable().defaultTo('{}')
      table.dropUnique(['order_id', 'product_id'], 'order_items_order_product_unique')
      table.unique(['order_id', 'variant_id'], { indexName: 'order_items_order_variant_unique' })
      table.index(['variant_id'], 'order_items_variant_index')
    })
  }

  async down() {
    this.defer((client) => this.#atomicWherePossible(client, (each) => this.#down(each)))
  }

  async #down(client: QueryClientContract) {
    const schema = () => client.schema
    await schema().alterTable('order_items', (table) => {
      table.dropIndex(['variant_id'], 'order_items_variant_index')
      table.dropUnique(['order_id', 'variant_id'], 'order_items_order_variant_unique')
      table.unique(['order_id', 'product_id'], { indexName: 'order_items_order_product_unique' })
      table.dropColumn('option_values')
    })
    await schema().alterTable('cart_items', (table) => {
      table.dropIndex(['variant_id'], 'cart_items_variant_index')
      table.dropUnique(['user_id', 'variant_id'], 'cart_items_user_variant_unique')
    })
    // A cart may hold several variants of one product; only one line per product comes back.
    await client.rawQuery(
      `delete from cart_items where exists (
         select 1 from cart_items first
          where first.user_id = cart_items.user_id and first.product_id = cart_items.product_id
            and (first.created_at < cart_items.created_at
                 or (first.created_at = cart_items.created_at and first.id < cart_items.id)))`
    )
    await schema().alterTable('cart_items', (table) => {
      table.unique(['user_id', 'product_id'], { indexName: 'cart_items_user_product_unique' })
    })
    for (const lines of ['cart_items', 'order_items']) {
      await schema().alterTable(lines, (table) => {
        table.dropForeign(['variant_id'])
        table.dropColumn('variant_id')
      })
    }
    await schema().alterTable('products', (table) => {
      table.string('sku', 64).nullable()
      table.integer('stock').notNullable().defaultTo(0)
    })
    // Each product takes back its first variant's SKU and the stock of all its variants.
    await client.rawQuery(
      `update products set
         sku = (select v.sku from product_variants v where v.product_id = products.id
                 order by v.deleted_at is not null, v.position limit 1),
         stock = coalesce((select sum(v.stock) from product_variants v
                            where v.product_id = products.id and v.deleted_at is null), 0)`
    )
    await schema().alterTable('products', (table) => {
      table.dropColumn('options')
      table.check('stock >= 0', [], 'products_stock_check')
      table.unique(['shop_id', 'sku'], {
        indexName: 'products_shop_sku_unique',
        predicate: client.knexQuery().whereNull('deleted_at'),
      })
    })
    await schema().dropTable('product_variants')
  }

  /**
   * PostgreSQL changes its schema in a transaction, so the whole step commits or none of it does;
   * SQLite's table rebuilds cannot run in one (see above).
   */
  async #atomicWherePossible(
    client: QueryClientContract,
    step: (client: QueryClientContract) => Promise<void>
  ) {
    if (this.#postgres()) await client.transaction((trx) => step(trx))
    else await step(client)
  }

  #postgres() {
    return this.db.dialect.name === 'postgres'
  }

  #true() {
    return this.#postgres() ? 'true' : '1'
  }
}
