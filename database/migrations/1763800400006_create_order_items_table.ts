import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'order_items'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE')
      table.integer('position').notNullable()
      // Products are only ever soft-deleted, so the line keeps pointing at its row.
      table
        .uuid('product_id')
        .notNullable()
        .references('id')
        .inTable('products')
        .onDelete('RESTRICT')
      table.string('name', 200).notNullable()
      table.string('sku', 64).notNullable()
      table.integer('unit_price_cents').notNullable()
      table.integer('quantity').notNullable()
      table.bigInteger('line_total_cents').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()

      table.check('unit_price_cents >= 0', [], 'order_items_unit_price_check')
      table.check('quantity between 1 and 999', [], 'order_items_quantity_check')
      table.check(
        'line_total_cents = unit_price_cents * quantity',
        [],
        'order_items_line_total_check'
      )
      table.unique(['order_id', 'product_id'], { indexName: 'order_items_order_product_unique' })
      table.index(['product_id'], 'order_items_product_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
