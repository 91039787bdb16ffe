import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Every change of an order's status or payment status: which field, from what, to what, by whom
| and when. Append-only. `from_value` is null for the entry written at placement. `sequence` orders
| the entries of one order (timestamps tie within a second on SQLite); it is computed after the
| order row was changed, which serialises the writers, and the unique index backs it.
*/
export default class extends BaseSchema {
  protected tableName = 'order_status_history'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE')
      table.integer('sequence').notNullable()
      table.string('field', 16).notNullable()
      table.string('from_value', 16).nullable()
      table.string('to_value', 16).notNullable()
      table.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('actor_type', 20).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()

      table.check("field in ('STATUS', 'PAYMENT_STATUS')", [], 'order_status_history_field_check')
      table.unique(['order_id', 'sequence'], { indexName: 'order_status_history_order_sequence' })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
