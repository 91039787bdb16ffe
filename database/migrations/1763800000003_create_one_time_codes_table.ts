import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'one_time_codes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('purpose', 32).notNullable()
      table.string('code_hash', 64).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('consumed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id', 'purpose'])
      table.check('attempts >= 0 and attempts <= 5', [], 'one_time_codes_attempts_check')
      table.check(
        "purpose in ('EMAIL_VERIFICATION', 'PASSWORD_RESET')",
        [],
        'one_time_codes_purpose_check'
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
