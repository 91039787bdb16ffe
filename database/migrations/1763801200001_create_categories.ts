import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Categories (docs/api/catalog.md, "Categories"): an administrator's tree, and the categories a
| seller files each product under. The restricting foreign keys are what keep a category that still
| has children or products from being deleted, whatever races the service's own check; the unique
| slug is what two simultaneous creations with one slug cannot get past.
*/
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('categories', (table) => {
      table.uuid('id').primary()
      table.uuid('parent_id').nullable().references('id').inTable('categories').onDelete('RESTRICT')
      table.string('name', 120).notNullable()
      table.string('slug', 100).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['slug'], { indexName: 'categories_slug_unique' })
      table.index(['parent_id'], 'categories_parent_index')
    })

    this.schema.createTable('product_categories', (table) => {
      // Products are soft-deleted; a hard delete (tests, erasure) takes its filings with it.
      table
        .uuid('product_id')
        .notNullable()
        .references('id')
        .inTable('products')
        .onDelete('CASCADE')
      table
        .uuid('category_id')
        .notNullable()
        .references('id')
        .inTable('categories')
        .onDelete('RESTRICT')
      table.primary(['product_id', 'category_id'])
      table.index(['category_id'], 'product_categories_category_index')
    })
  }

  async down() {
    this.schema.dropTable('product_categories')
    this.schema.dropTable('categories')
  }
}
