import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Coupons. Amounts are integer cents; a PERCENTAGE value is in hundredths of a percent (1250 =
| 12.50 %). The CHECKs restate the service's rules so no code path, and no race, can store a
| coupon the rules forbid; `usage_count <= usage_limit` is what makes concurrent use-counting
| safe even if a caller forgot the conditional update.
*/
export default class extends BaseSchema {
  protected tableName = 'coupons'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('code', 32).notNullable()
      table.string('discount_type', 10).notNullable()
      table.integer('discount_value').notNullable()
      table.integer('min_order_amount').notNullable().defaultTo(0)
      table.integer('max_discount_amount').nullable()
      table.timestamp('start_date', { useTz: true }).notNullable()
      table.timestamp('end_date', { useTz: true }).notNullable()
      table.integer('usage_limit').nullable()
      table.integer('usage_count').notNullable().defaultTo(0)
      table.boolean('is_active').notNullable().defaultTo(true)
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.check('code = upper(code) and length(code) between 3 and 32', [], 'coupons_code_check')
      table.check("discount_type in ('FIXED', 'PERCENTAGE')", [], 'coupons_discount_type_check')
      table.check(
        "discount_value > 0 and (discount_type <> 'PERCENTAGE' or discount_value <= 10000)",
        [],
        'coupons_discount_value_check'
      )
      table.check('min_order_amount >= 0', [], 'coupons_min_order_amount_check')
      table.check(
        'max_discount_amount is null or max_discount_amount > 0',
        [],
        'coupons_max_discount_amount_check'
      )
      table.check('end_date > start_date', [], 'coupons_dates_check')
      table.check('usage_limit is null or usage_limit >= 1', [], 'coupons_usage_limit_check')
      table.check(
        'usage_count >= 0 and (usage_limit is null or usage_count <= usage_limit)',
        [],
        'coupons_usage_count_check'
      )

      // Only live coupons compete for a code: a deleted coupon's code may be issued again.
      table.unique(['code'], {
        indexName: 'coupons_code_live_unique',
        predicate: this.knex().whereNull('deleted_at'),
      })
      table.index(['created_at'], 'coupons_created_at_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
