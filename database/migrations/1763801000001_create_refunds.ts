import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Refunds (docs/api/payments.md, "Refunds"): one append-only row per refund of an order, in
| integer cents, PENDING while the provider is asked (through the outbox), then SUCCEEDED or
| FAILED. The money itself is kept on `orders.refunded_amount_cents` and
| `payments.refunded_amount_cents`, whose checks (refunded ≤ paid, refunded ≤ captured, from the
| payments migration) are what no number of parallel refunds can get past.
*/
export default class extends BaseSchema {
  protected tableName = 'refunds'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('RESTRICT')
      // 1 for an order's first refund, then one more each: numbered under the order's row lock.
      table.integer('position').notNullable()
      // Null for an order paid before payments were recorded per checkout.
      table.uuid('payment_id').nullable().references('id').inTable('payments').onDelete('RESTRICT')
      table.bigInteger('amount_cents').notNullable()
      table.string('reason', 500).notNullable()
      table.string('status', 16).notNullable()
      table.string('provider', 16).notNullable()
      table.string('provider_refund_id', 255).nullable()
      // Null when the service refunded on its own (a cancelled order), or the account is gone.
      table.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check('amount_cents > 0', [], 'refunds_amount_check')
      table.check("status in ('PENDING', 'SUCCEEDED', 'FAILED')", [], 'refunds_status_check')
      table.unique(['order_id', 'position'], { indexName: 'refunds_order_position_unique' })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
