import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| One order per shop per placement. Everything the customer saw is copied (shop name, shipping
| method name and price, address, coupon code, item names and prices), so later edits of those
| rows never change an order. Money is integer cents, bigint where sums grow.
*/
export default class extends BaseSchema {
  protected tableName = 'orders'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('order_number', 32).notNullable().unique()
      table
        .uuid('checkout_id')
        .notNullable()
        .references('id')
        .inTable('checkouts')
        .onDelete('RESTRICT')
      // Place of the order within its checkout, so every listing of a checkout is in one order.
      table.integer('position').notNullable()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.string('shop_name', 120).notNullable()
      table.string('status', 16).notNullable()
      table.string('payment_status', 16).notNullable()
      table.string('payment_method', 32).notNullable()
      table
        .uuid('shipping_method_id')
        .notNullable()
        .references('id')
        .inTable('shipping_methods')
        .onDelete('RESTRICT')
      table.string('shipping_method_name', 100).notNullable()
      table.string('coupon_code', 32).nullable()
      table.string('currency', 3).notNullable()
      table.bigInteger('sub_total_cents').notNullable()
      table.bigInteger('shipping_cost_cents').notNullable()
      table.bigInteger('tax_amount_cents').notNullable()
      table.bigInteger('discount_amount_cents').notNullable()
      table.bigInteger('total_cents').notNullable()
      table.text('shipping_address').notNullable()
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check(
        "status in ('PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED')",
        [],
        'orders_status_check'
      )
      table.check(
        "payment_status in ('UNPAID', 'PAID', 'REFUNDED')",
        [],
        'orders_payment_status_check'
      )
      table.check(
        "payment_method in ('CREDIT_CARD', 'DEBIT_CARD', 'PAYPAL', 'BANK_TRANSFER', 'CASH_ON_DELIVERY')",
        [],
        'orders_payment_method_check'
      )
      table.check(
        'sub_total_cents >= 0 and shipping_cost_cents >= 0 and tax_amount_cents >= 0 and ' +
          'discount_amount_cents >= 0 and discount_amount_cents <= sub_total_cents and ' +
          'total_cents = sub_total_cents + shipping_cost_cents + tax_amount_cents - discount_amount_cents',
        [],
        'orders_amounts_check'
      )
      table.index(['checkout_id', 'position'], 'orders_checkout_index')
      table.index(['user_id', 'created_at'], 'orders_user_created_index')
      table.index(['shop_id', 'created_at'], 'orders_shop_created_index')
      table.index(['status', 'created_at'], 'orders_status_created_index')
      table.index(['created_at'], 'orders_created_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
