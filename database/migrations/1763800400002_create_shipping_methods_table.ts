import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'shipping_methods'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('name', 100).notNullable()
      table.string('description', 500).nullable()
      table.integer('price_cents').notNullable()
      table.integer('estimated_days').notNullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      // Soft delete: orders point at the row, and the seed must not bring a deleted method back.
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.check(
        'price_cents >= 0 and price_cents <= 100000000',
        [],
        'shipping_methods_price_check'
      )
      table.check(
        'estimated_days >= 0 and estimated_days <= 365',
        [],
        'shipping_methods_days_check'
      )
    })
    // Names compare case-insensitively among live methods; a deleted name may be reused.
    this.schema.raw(
      'CREATE UNIQUE INDEX shipping_methods_name_live_unique ON shipping_methods (lower(name)) WHERE deleted_at IS NULL'
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
