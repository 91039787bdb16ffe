import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Payments (docs/api/payments.md):
|
| - `payments`: one per checkout (the unique `checkout_id`), the money asked for, captured and
|   refunded in integer cents, the provider's id of the attempt in progress (unique, so a webhook
|   names at most one payment) and, while a card payment waits for the customer, when it expires.
|   `refunded_amount_cents` is the sum the later refunds ledger adds up to; the checks keep
|   refunded ≤ captured ≤ amount.
| - `payment_events`: the id of every provider event applied, the primary key being what makes
|   an event apply at most once however often, and however concurrently, it is delivered.
| - `orders` gain `paid_amount_cents` and `refunded_amount_cents`, and `payment_status` gains
|   PARTIALLY_REFUNDED (too long for the old 16 characters, like the history's values).
|
| SQLite cannot change a CHECK constraint in place: there `orders` is rebuilt, with foreign keys
| off for the copy (dropping the old table would otherwise cascade to its items and history), as
| SQLite documents for schema changes it cannot make with ALTER TABLE.
*/
const ORDER_COLUMNS = [
  'id',
  'order_number',
  'checkout_id',
  'position',
  'user_id',
  'shop_id',
  'shop_name',
  'status',
  'payment_status',
  'payment_method',
  'shipping_method_id',
  'shipping_method_name',
  'coupon_code',
  'currency',
  'sub_total_cents',
  'shipping_cost_cents',
  'tax_amount_cents',
  'discount_amount_cents',
  'total_cents',
  'shipping_address',
  'notes',
  'created_at',
  'updated_at',
]
const PAYMENT_STATUS_CHECK = 'orders_payment_status_check'
const ORDER_PAYMENT_STATUSES = "'UNPAID', 'PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'"
const PAID_AMOUNTS_CHECK = 'orders_paid_amounts_check'
const PAID_AMOUNTS =
  'paid_amount_cents >= 0 and refunded_amount_cents >= 0 and ' +
  'paid_amount_cents <= total_cents and refunded_amount_cents <= paid_amount_cents'

export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    this.schema.createTable('payments', (table) => {
      table.uuid('id').primary()
      table
        .uuid('checkout_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('checkouts')
        .onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.string('provider', 16).notNullable()
      table.string('method', 32).notNullable()
      table.string('status', 24).notNullable()
      table.bigInteger('amount_cents').notNullable()
      table.bigInteger('captured_amount_cents').notNullable().defaultTo(0)
      table.bigInteger('refunded_amount_cents').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable()
      table.string('provider_payment_id', 255).nullable().unique()
      table.text('client_secret').nullable()
      // Which PaymentIntent of the checkout this is: 1 at placement, one more per retry.
      table.integer('attempt').notNullable().defaultTo(1)
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check(
        "status in ('PENDING', 'CAPTURED', 'FAILED', 'CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED')",
        [],
        'payments_status_check'
      )
      table.check(
        'amount_cents >= 0 and captured_amount_cents >= 0 and refunded_amount_cents >= 0 and ' +
          'captured_amount_cents <= amount_cents and refunded_amount_cents <= captured_amount_cents',
        [],
        'payments_amounts_check'
      )
      table.index(['status', 'expires_at'], 'payments_status_expires_index')
      table.index(['status', 'created_at'], 'payments_status_created_index')
      table.index(['created_at'], 'payments_created_index')
    })

    this.schema.createTable('payment_events', (table) => {
      table.string('provider', 16).notNullable()
      table.string('event_id', 255).notNullable()
      table.string('type', 64).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.primary(['provider', 'event_id'], 'payment_events_pkey')
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`alter table orders drop constraint ${PAYMENT_STATUS_CHECK}`)
      this.schema.alterTable('orders', (table) => {
        table.string('payment_status', 24).notNullable().alter()
        table.bigInteger('paid_amount_cents').notNullable().defaultTo(0)
        table.bigInteger('refunded_amount_cents').notNullable().defaultTo(0)
        table.check(`payment_status in (${ORDER_PAYMENT_STATUSES})`, [], PAYMENT_STATUS_CHECK)
        table.check(PAID_AMOUNTS, [], PAID_AMOUNTS_CHECK)
      })
      this.schema.alterTable('order_status_history', (table) => {
        table.string('from_value', 24).nullable().alter()
        table.string('to_value', 24).notNullable().alter()
      })
    } else {
      this.#rebuildOrdersOnSqlite()
    }
    // Orders recorded PAID by hand before payments existed were paid in full.
    this.defer(async (db) => {
      await db
        .from('orders')
        .whereIn('payment_status', ['PAID', 'REFUNDED'])
        .update({ paid_amount_cents: db.raw('total_cents') })
      await db
        .from('orders')
        .where('payment_status', 'REFUNDED')
        .update({ refunded_amount_cents: db.raw('total_cents') })
    })
  }

  async down() {
    this.schema.dropTable('payment_events')
    this.schema.dropTable('payments')
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(
        `update orders set payment_status = 'PAID' where payment_status = 'PARTIALLY_REFUNDED'`
      )
      this.schema.alterTable('orders', (table) => {
        table.dropChecks([PAYMENT_STATUS_CHECK, PAID_AMOUNTS_CHECK])
        table.dropColumns('paid_amount_cents', 'refunded_amount_cents')
      })
      this.schema.raw(
        `alter table orders add constraint ${PAYMENT_STATUS_CHECK} check (payment_status in ('UNPAID', 'PAID', 'REFUNDED'))`
      )
    }
  }

  /** Rebuilds `orders` with the new columns and checks, its rows and indexes kept. */
  #rebuildOrdersOnSqlite() {
    const rebuilt = 'orders_rebuilt'
    this.schema.raw('PRAGMA foreign_keys = OFF')
    this.schema.createTable(rebuilt, (table) => {
      table.uuid('id').primary()
      table.string('order_number', 32).notNullable().unique()
      table
        .uuid('checkout_id')
        .notNullable()
        .references('id')
        .inTable('checkouts')
        .onDelete('RESTRICT')
      table.integer('position').notNullable()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.string('shop_name', 120).notNullable()
      table.string('status', 16).notNullable()
      table.string('payment_status', 24).notNullable()
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
      table.bigInteger('paid_amount_cents').notNullable().defaultTo(0)
      table.bigInteger('refunded_amount_cents').notNullable().defaultTo(0)

      table.check(
        "status in ('PENDING', 'CONFIRMED', 'SHIPPED', 'DELIVERED', 'CANCELLED')",
        [],
        'orders_status_check'
      )
      table.check(`payment_status in (${ORDER_PAYMENT_STATUSES})`, [], PAYMENT_STATUS_CHECK)
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
      table.check(PAID_AMOUNTS, [], PAID_AMOUNTS_CHECK)
    })
    const columns = ORDER_COLUMNS.join(', ')
    this.schema.raw(`insert into ${rebuilt} (${columns}) select ${columns} from orders`)
    this.schema.dropTable('orders')
    this.schema.renameTable(rebuilt, 'orders')
    this.schema.alterTable('orders', (table) => {
      table.index(['checkout_id', 'position'], 'orders_checkout_index')
      table.index(['user_id', 'created_at'], 'orders_user_created_index')
      table.index(['shop_id', 'created_at'], 'orders_shop_created_index')
      table.index(['status', 'created_at'], 'orders_status_created_index')
      table.index(['created_at'], 'orders_created_index')
    })
    this.schema.raw('PRAGMA foreign_keys = ON')
  }
}
