import { BaseSchema } from '@adonisjs/lucid/schema'
import marketplaceConfig from '#config/marketplace'
import { COMMISSION_RATE } from '#support/percent'

/*
| Commission and coupon funding (docs/api/ledger.md):
|
| - `shops.commission_rate`: the shop's own rate in hundredths of a percent (12.5 % is 1250), set
|   by an admin; null: DEFAULT_COMMISSION_RATE.
| - `coupons.funded_by`: who bears a coupon's discount, MARKETPLACE (what every coupon did so far)
|   or SELLERS (each shop its own share).
| - `orders`: the money frozen at placement: the rate in force, the coupon's funding, the
|   commission, the seller's earning and the marketplace's take, in integer cents; never changed
|   afterwards. Orders placed before this migration are given the money they would have had at
|   the default rate in force now, funded by the marketplace (the only funding coupons had), so
|   every order has its money; the ledger itself starts empty (docs/api/ledger.md, "Orders from
|   before the ledger").
| - `ledger_entries.seq` (PostgreSQL): the order entries were appended in, for "newest first"
|   when two entries share an instant (a paid cash order's earning and cash). SQLite keeps that
|   order in its `rowid` (`#queries/ledger_entries`).
*/
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('shops', (table) => {
      table.integer('commission_rate').nullable()
    })
    this.schema.alterTable('coupons', (table) => {
      table.string('funded_by', 16).notNullable().defaultTo('MARKETPLACE')
    })
    this.schema.alterTable('orders', (table) => {
      table.integer('commission_rate').notNullable().defaultTo(0)
      table.string('coupon_funded_by', 16).notNullable().defaultTo('MARKETPLACE')
      table.bigInteger('commission_cents').notNullable().defaultTo(0)
      table.bigInteger('seller_earning_cents').notNullable().defaultTo(0)
      table.bigInteger('marketplace_take_cents').notNullable().defaultTo(0)
    })

    // Half-up: integer division of non-negative integers truncates on both databases.
    const rate = Math.round(marketplaceConfig.defaultCommissionRate * COMMISSION_RATE.perPercent)
    const whole = COMMISSION_RATE.whole
    const commission = `((sub_total_cents * ${rate} + ${whole / 2}) / ${whole})`
    this.defer(async (client) => {
      await client.rawQuery(
        `update orders set commission_rate = ${rate}, commission_cents = ${commission}, ` +
          `seller_earning_cents = sub_total_cents + shipping_cost_cents + tax_amount_cents - ${commission}, ` +
          `marketplace_take_cents = total_cents - (sub_total_cents + shipping_cost_cents + tax_amount_cents - ${commission})`
      )
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('alter table ledger_entries add column seq bigserial not null')
      this.schema.raw('create index ledger_entries_shop_seq_index on ledger_entries (shop_id, seq)')
      this.schema.raw(
        `alter table shops add constraint shops_commission_rate_check check (commission_rate between 0 and ${whole})`
      )
      this.schema.raw(
        "alter table coupons add constraint coupons_funded_by_check check (funded_by in ('MARKETPLACE', 'SELLERS'))"
      )
      this.schema.raw(
        'alter table orders add constraint orders_money_check check (' +
          `commission_rate between 0 and ${whole} ` +
          "and coupon_funded_by in ('MARKETPLACE', 'SELLERS') " +
          'and commission_cents >= 0 and seller_earning_cents >= 0 ' +
          'and marketplace_take_cents = total_cents - seller_earning_cents)'
      )
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('alter table orders drop constraint orders_money_check')
      this.schema.raw('alter table coupons drop constraint coupons_funded_by_check')
      this.schema.raw('alter table shops drop constraint shops_commission_rate_check')
      this.schema.raw('alter table ledger_entries drop column seq')
    }
    this.schema.alterTable('orders', (table) => {
      table.dropColumn('commission_rate')
      table.dropColumn('coupon_funded_by')
      table.dropColumn('commission_cents')
      table.dropColumn('seller_earning_cents')
      table.dropColumn('marketplace_take_cents')
    })
    this.schema.alterTable('coupons', (table) => {
      table.dropColumn('funded_by')
    })
    this.schema.alterTable('shops', (table) => {
      table.dropColumn('commission_rate')
    })
  }
}
