import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| The sellers' money (docs/api/ledger.md):
|
| - `payouts`: one per shop and payout run, for exactly the balance available when it was made,
|   PENDING until it is paid or failed.
| - `ledger_entries`: the append-only ledger of each shop, in signed integer cents. Triggers refuse
|   every UPDATE and DELETE on both databases, so a correction can only be a new entry. The sign
|   of each type is checked, and partial unique indexes make each cause write its entry once (one
|   earning and one cash entry per order, one entry per refund, one payout and one reversal per
|   payout) however often it is retried.
| - `shops.stripe_account_id`: the Connect account a `stripe` payout is transferred to.
*/
const ENTRY_TYPES =
  "'ORDER_EARNING', 'REFUND', 'PAYOUT', 'PAYOUT_REVERSAL', 'ADJUSTMENT', 'CASH_COLLECTED'"
const ENTRY_SIGNS =
  "(type = 'ORDER_EARNING' and amount_cents >= 0) or " +
  "(type = 'REFUND' and amount_cents <= 0) or " +
  "(type = 'PAYOUT' and amount_cents < 0) or " +
  "(type = 'PAYOUT_REVERSAL' and amount_cents > 0) or " +
  "(type = 'ADJUSTMENT' and amount_cents <> 0) or " +
  "(type = 'CASH_COLLECTED' and amount_cents <= 0)"
const UNIQUE_CAUSES: Array<[name: string, columns: string, types: string]> = [
  ['ledger_entries_order_once', 'order_id, type', "'ORDER_EARNING', 'CASH_COLLECTED'"],
  ['ledger_entries_refund_once', 'refund_id', "'REFUND'"],
  ['ledger_entries_payout_once', 'payout_id, type', "'PAYOUT', 'PAYOUT_REVERSAL'"],
]

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('shops', (table) => {
      table.string('stripe_account_id', 255).nullable()
    })

    this.schema.createTable('payouts', (table) => {
      table.uuid('id').primary()
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.bigInteger('amount_cents').notNullable()
      table.string('currency', 3).notNullable()
      table.string('status', 16).notNullable()
      table.string('provider', 16).notNullable()
      table.string('reference', 255).nullable()
      table.string('failure_reason', 500).nullable()
      // Null when a scheduled run made it, or the account is gone.
      table.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.timestamp('paid_at', { useTz: true }).nullable()

      table.check('amount_cents > 0', [], 'payouts_amount_check')
      table.check("status in ('PENDING', 'PAID', 'FAILED')", [], 'payouts_status_check')
      table.check("provider in ('manual', 'stripe')", [], 'payouts_provider_check')
      table.index(['shop_id', 'created_at'], 'payouts_shop_created_index')
      table.index(['status', 'created_at'], 'payouts_status_created_index')
    })

    this.schema.createTable('ledger_entries', (table) => {
      table.uuid('id').primary()
      table.uuid('shop_id').notNullable().references('id').inTable('shops').onDelete('RESTRICT')
      table.string('type', 24).notNullable()
      table.bigInteger('amount_cents').notNullable()
      table.string('currency', 3).notNullable()
      table.uuid('order_id').nullable().references('id').inTable('orders').onDelete('RESTRICT')
      table.uuid('refund_id').nullable().references('id').inTable('refunds').onDelete('RESTRICT')
      table.uuid('payout_id').nullable().references('id').inTable('payouts').onDelete('RESTRICT')
      // An adjustment's reason, a failed payout's.
      table.string('reason', 500).nullable()
      table.uuid('created_by').nullable().references('id').inTable('users').onDelete('RESTRICT')
      table.timestamp('created_at', { useTz: true }).notNullable()

      table.check(`type in (${ENTRY_TYPES})`, [], 'ledger_entries_type_check')
      table.check(ENTRY_SIGNS, [], 'ledger_entries_sign_check')
      table.index(['shop_id', 'created_at'], 'ledger_entries_shop_created_index')
      table.index(['order_id'], 'ledger_entries_order_index')
    })

    for (const [name, columns, types] of UNIQUE_CAUSES) {
      this.schema.raw(
        `create unique index ${name} on ledger_entries (${columns}) where type in (${types})`
      )
    }

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`
        create function ledger_entries_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'ledger_entries is append-only: % refused', tg_op
            using errcode = 'restrict_violation';
        end
        $$`)
      this.schema.raw(`
        create trigger ledger_entries_append_only
        before update or delete on ledger_entries
        for each statement execute function ledger_entries_append_only()`)
      this.schema.raw(`
        create trigger ledger_entries_no_truncate
        before truncate on ledger_entries
        for each statement execute function ledger_entries_append_only()`)
    } else {
      for (const operation of ['update', 'delete']) {
        this.schema.raw(`
          create trigger ledger_entries_no_${operation}
          before ${operation} on ledger_entries
          begin
            select raise(abort, 'ledger_entries is append-only: ${operation.toUpperCase()} refused');
          end`)
      }
    }
  }

  async down() {
    this.schema.dropTable('ledger_entries')
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('drop function if exists ledger_entries_append_only()')
    }
    this.schema.dropTable('payouts')
    this.schema.alterTable('shops', (table) => {
      table.dropColumn('stripe_account_id')
    })
  }
}
