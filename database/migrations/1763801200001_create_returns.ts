import { BaseSchema } from '@adonisjs/lucid/schema'

const HISTORY_FIELD_CHECK = 'order_status_history_field_check'
const RETURNED_CHECK = 'order_items_returned_quantity_check'

/*
| After the sale (docs/api/returns.md): the shipment an order left with, and returns. A return
| holds the units a customer sends back and what they refund; `order_items.returned_quantity`
| counts the units of each line held by returns that are not rejected, raised by a conditional
| update that its check (never above what was bought) backs, so no number of parallel requests
| returns a unit twice. The order's history gains a third field, RETURN, for the steps of its
| returns (SQLite cannot change a check: the small history table is rebuilt there).
*/
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.string('shipment_carrier', 100).nullable()
      table.string('shipment_tracking_number', 100).nullable()
      table.string('shipment_tracking_url', 500).nullable()
      table.timestamp('shipped_at', { useTz: true }).nullable()
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.alterTable('order_items', (table) => {
        table.integer('returned_quantity').notNullable().defaultTo(0)
        table.check('returned_quantity between 0 and quantity', [], RETURNED_CHECK)
      })
      this.schema.raw(`alter table order_status_history drop constraint ${HISTORY_FIELD_CHECK}`)
      this.schema.alterTable('order_status_history', (table) => {
        table.check("field in ('STATUS', 'PAYMENT_STATUS', 'RETURN')", [], HISTORY_FIELD_CHECK)
      })
    } else {
      this.schema.raw(
        'alter table order_items add column returned_quantity integer not null default 0 ' +
          `constraint ${RETURNED_CHECK} check (returned_quantity between 0 and quantity)`
      )
      this.#rebuildHistoryOnSqlite()
    }

    this.schema.createTable('returns', (table) => {
      table.uuid('id').primary()
      table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('RESTRICT')
      // Copied from the order so that the seller's and the admin's lists filter without a join.
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table.string('status', 16).notNullable()
      table.string('reason', 500).notNullable()
      table.string('decision_note', 500).nullable()
      // What it refunds: its lines' refunds, plus the order's shipping when it brings back the
      // last units. Estimated at the request, fixed when the units are received.
      table.bigInteger('refund_amount_cents').notNullable()
      table.bigInteger('shipping_refund_cents').notNullable().defaultTo(0)
      table.boolean('restocked').nullable()
      table.uuid('refund_id').nullable().references('id').inTable('refunds').onDelete('RESTRICT')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check(
        "status in ('REQUESTED', 'APPROVED', 'REJECTED', 'RECEIVED', 'REFUNDED')",
        [],
        'returns_status_check'
      )
      table.check(
        'refund_amount_cents >= 0 and shipping_refund_cents >= 0',
        [],
        'returns_amounts_check'
      )
      table.index(['order_id', 'created_at'], 'returns_order_index')
      table.index(['shop_id', 'status', 'created_at'], 'returns_shop_status_index')
      table.index(['status', 'created_at'], 'returns_status_index')
    })

    this.schema.createTable('return_items', (table) => {
      table.uuid('id').primary()
      table.uuid('return_id').notNullable().references('id').inTable('returns').onDelete('CASCADE')
      table
        .uuid('order_item_id')
        .notNullable()
        .references('id')
        .inTable('order_items')
        .onDelete('RESTRICT')
      table.integer('position').notNullable()
      table.uuid('product_id').notNullable()
      table.string('name', 200).notNullable()
      table.integer('quantity').notNullable()
      table.bigInteger('refund_amount_cents').notNullable()

      table.check('quantity between 1 and 999', [], 'return_items_quantity_check')
      table.check('refund_amount_cents >= 0', [], 'return_items_refund_check')
      table.unique(['return_id', 'order_item_id'], { indexName: 'return_items_line_unique' })
    })
  }

  async down() {
    this.schema.dropTable('return_items')
    this.schema.dropTable('returns')
    this.schema.alterTable('orders', (table) => {
      table.dropColumns(
        'shipment_carrier',
        'shipment_tracking_number',
        'shipment_tracking_url',
        'shipped_at'
      )
    })
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`delete from order_status_history where field = 'RETURN'`)
      this.schema.raw(`alter table order_status_history drop constraint ${HISTORY_FIELD_CHECK}`)
      this.schema.alterTable('order_status_history', (table) => {
        table.check("field in ('STATUS', 'PAYMENT_STATUS')", [], HISTORY_FIELD_CHECK)
      })
      this.schema.alterTable('order_items', (table) => {
        table.dropChecks([RETURNED_CHECK])
        table.dropColumn('returned_quantity')
      })
    }
  }

  /** Rebuilds `order_status_history` with the RETURN field allowed, its rows kept. */
  #rebuildHistoryOnSqlite() {
    const rebuilt = 'order_status_history_rebuilt'
    const columns =
      'id, order_id, sequence, field, from_value, to_value, actor_id, actor_type, created_at'
    this.schema.raw('PRAGMA foreign_keys = OFF')
    this.schema.createTable(rebuilt, (table) => {
      table.uuid('id').primary()
      table.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE')
      table.integer('sequence').notNullable()
      table.string('field', 16).notNullable()
      table.string('from_value', 24).nullable()
      table.string('to_value', 24).notNullable()
      table.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('actor_type', 20).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.check("field in ('STATUS', 'PAYMENT_STATUS', 'RETURN')", [], HISTORY_FIELD_CHECK)
    })
    this.schema.raw(
      `insert into ${rebuilt} (${columns}) select ${columns} from order_status_history`
    )
    this.schema.dropTable('order_status_history')
    this.schema.renameTable(rebuilt, 'order_status_history')
    this.schema.alterTable('order_status_history', (table) => {
      table.unique(['order_id', 'sequence'], { indexName: 'order_status_history_order_sequence' })
    })
    this.schema.raw('PRAGMA foreign_keys = ON')
  }
}
