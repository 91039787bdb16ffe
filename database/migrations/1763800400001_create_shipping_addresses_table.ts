import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'shipping_addresses'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('full_name', 100).notNullable()
      table.string('phone', 32).notNullable()
      table.string('line1', 200).notNullable()
      table.string('line2', 200).nullable()
      table.string('city', 100).notNullable()
      table.string('state', 100).nullable()
      table.string('postal_code', 20).nullable()
      table.string('country', 2).notNullable()
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'], 'shipping_addresses_user_created_index')
    })
    // At most one default per customer, whatever the code does or how requests interleave.
    this.schema.raw(
      'CREATE UNIQUE INDEX shipping_addresses_one_default ON shipping_addresses (user_id) WHERE is_default'
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
