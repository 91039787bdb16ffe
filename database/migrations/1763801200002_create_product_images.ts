import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Product images (docs/api/catalog.md, "Images"): one row per stored file, its key made by the
| service (never from the client's file name), its type as its bytes say, its position among the
| product's images. At most 10 a product, counted under the product's row lock.
*/
export default class extends BaseSchema {
  protected tableName = 'product_images'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table
        .uuid('product_id')
        .notNullable()
        .references('id')
        .inTable('products')
        .onDelete('CASCADE')
      table.string('storage_key', 255).notNullable()
      table.string('content_type', 32).notNullable()
      table.integer('size_bytes').notNullable()
      table.integer('position').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['storage_key'], { indexName: 'product_images_storage_key_unique' })
      table.index(['product_id', 'position'], 'product_images_product_position')
      table.check(
        "content_type in ('image/jpeg', 'image/png', 'image/webp')",
        [],
        'product_images_content_type_check'
      )
      table.check('size_bytes > 0 and position > 0', [], 'product_images_size_position_check')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
