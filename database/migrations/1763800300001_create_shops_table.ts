import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'shops'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      // RESTRICT: orders will point at shops, so a seller with shops is never hard-deleted.
      table.uuid('seller_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.string('name', 120).notNullable()
      table.text('description').nullable()
      table.string('status', 20).notNullable().defaultTo('PENDING')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.check("status in ('PENDING', 'APPROVED', 'SUSPENDED')", [], 'shops_status_check')
      table.index(['seller_id', 'created_at'], 'shops_seller_created_index')
      table.index(['status', 'created_at'], 'shops_status_created_index')
      table.index(['created_at'], 'shops_created_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
