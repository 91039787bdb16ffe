import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'cart_items'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table
        .uuid('product_id')
        .notNullable()
        .references('id')
        .inTable('products')
        .onDelete('CASCADE')
      table.integer('quantity').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check('quantity between 1 and 999', [], 'cart_items_quantity_check')
      // One line per product: concurrent adds merge into it instead of duplicating it.
      table.unique(['user_id', 'product_id'], { indexName: 'cart_items_user_product_unique' })
      table.index(['product_id'], 'cart_items_product_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
