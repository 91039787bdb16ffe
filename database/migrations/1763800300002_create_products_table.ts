import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'products'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.string('name', 200).notNullable()
      table.text('description').nullable()
      table.string('sku', 64).notNullable()
      table.integer('price_cents').notNullable()
      table.integer('stock').notNullable().defaultTo(0)
      table.boolean('is_active').notNullable().defaultTo(true)
      // Soft delete: order lines keep pointing at the row after the seller removes the product.
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check('stock >= 0', [], 'products_stock_check')
      table.check('price_cents > 0 and price_cents <= 100000000', [], 'products_price_check')
      // Partial, so the SKU of a deleted product can be used again in the same shop.
      table.unique(['shop_id', 'sku'], {
        indexName: 'products_shop_sku_unique',
        predicate: this.knex().whereNull('deleted_at'),
      })
      table.index(['shop_id', 'created_at'], 'products_shop_created_index')
      table.index(['created_at'], 'products_created_index')
      table.index(['price_cents'], 'products_price_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
