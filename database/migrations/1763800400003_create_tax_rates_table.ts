import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Tax rates per destination. `region` is '' for a country-wide rate rather than NULL, because a
| unique index treats NULLs as distinct on both databases and two country-wide rates would slip
| through. `rate` is in thousandths of a percent (8.25 % = 8250).
*/
export default class extends BaseSchema {
  protected tableName = 'tax_rates'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('country', 2).notNullable()
      table.string('region', 100).notNullable().defaultTo('')
      table.integer('rate').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['country', 'region'], { indexName: 'tax_rates_country_region_unique' })
      table.check('rate >= 0 and rate <= 100000', [], 'tax_rates_rate_check')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
