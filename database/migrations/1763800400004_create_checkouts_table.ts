import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| One row per placement: the orders it created share its id as `checkout_id`. It keeps what the
| customer was charged in total, and `open_order_count`, the number of its orders not cancelled:
| cancelling an order decrements it with a conditional update, and the cancellation that brings it
| to zero gives the coupon use back. The row is what serialises two concurrent cancellations of
| orders of one checkout, so exactly one of them sees zero.
*/
export default class extends BaseSchema {
  protected tableName = 'checkouts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.uuid('coupon_id').nullable().references('id').inTable('coupons').onDelete('RESTRICT')
      table.string('coupon_code', 32).nullable()
      table.integer('order_count').notNullable()
      table.integer('open_order_count').notNullable()
      table.bigInteger('sub_total_cents').notNullable()
      table.bigInteger('shipping_cost_cents').notNullable()
      table.bigInteger('tax_amount_cents').notNullable()
      table.bigInteger('discount_amount_cents').notNullable()
      table.bigInteger('total_cents').notNullable()
      table.string('currency', 3).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check(
        'order_count >= 1 and open_order_count >= 0 and open_order_count <= order_count',
        [],
        'checkouts_order_count_check'
      )
      table.check(
        'sub_total_cents >= 0 and shipping_cost_cents >= 0 and tax_amount_cents >= 0 and ' +
          'discount_amount_cents >= 0 and discount_amount_cents <= sub_total_cents and ' +
          'total_cents = sub_total_cents + shipping_cost_cents + tax_amount_cents - discount_amount_cents',
        [],
        'checkouts_amounts_check'
      )
      table.index(['user_id', 'created_at'], 'checkouts_user_created_index')
      table.index(['coupon_id'], 'checkouts_coupon_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
