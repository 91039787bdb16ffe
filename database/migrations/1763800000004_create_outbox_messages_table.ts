import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'outbox_messages'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('kind', 64).notNullable()
      table.text('payload').notNullable()
      table.string('status', 16).notNullable().defaultTo('PENDING')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable()
      table.timestamp('locked_until', { useTz: true }).nullable()
      table.text('last_error').nullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['status', 'next_attempt_at'])
      table.check("status in ('PENDING', 'SENT')", [], 'outbox_messages_status_check')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
