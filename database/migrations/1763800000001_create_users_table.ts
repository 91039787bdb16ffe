import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('email', 254).notNullable()
      table.string('user_type', 20).notNullable()
      table.string('password', 255).notNullable()
      table.timestamp('email_verified_at', { useTz: true }).nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.boolean('awaiting_approval').notNullable().defaultTo(false)
      table.integer('token_version').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['email', 'user_type'])
      table.check(
        "user_type in ('CUSTOMER', 'SELLER', 'ADMIN', 'SUPER_ADMIN')",
        [],
        'users_user_type_check'
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
