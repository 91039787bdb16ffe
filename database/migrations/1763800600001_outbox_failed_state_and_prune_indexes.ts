import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| The outbox gets a FAILED state (a message whose last try failed waits there for an operator),
| and the tables `node ace prune` trims get indexes on the columns it selects by.
|
| SQLite cannot change a CHECK constraint in place: there the outbox table is rebuilt with the new
| one and its rows copied over.
*/
const OUTBOX = 'outbox_messages'
const STATUS_CHECK = 'outbox_messages_status_check'

export default class extends BaseSchema {
  async up() {
    await this.#replaceStatusCheck(['PENDING', 'SENT', 'FAILED'])
    this.schema.alterTable(OUTBOX, (table) => {
      table.index(['status', 'sent_at'], 'outbox_messages_status_sent_at_index')
    })
    this.schema.alterTable('one_time_codes', (table) => {
      table.index(['expires_at'], 'one_time_codes_expires_at_index')
    })
    this.schema.alterTable('refresh_tokens', (table) => {
      table.index(['expires_at'], 'refresh_tokens_expires_at_index')
    })
    this.schema.alterTable('idempotency_keys', (table) => {
      table.index(['created_at'], 'idempotency_keys_created_at_index')
    })
  }

  async down() {
    this.schema.alterTable('idempotency_keys', (table) => {
      table.dropIndex(['created_at'], 'idempotency_keys_created_at_index')
    })
    this.schema.alterTable('refresh_tokens', (table) => {
      table.dropIndex(['expires_at'], 'refresh_tokens_expires_at_index')
    })
    this.schema.alterTable('one_time_codes', (table) => {
      table.dropIndex(['expires_at'], 'one_time_codes_expires_at_index')
    })
    this.schema.alterTable(OUTBOX, (table) => {
      table.dropIndex(['status', 'sent_at'], 'outbox_messages_status_sent_at_index')
    })
    // Failed messages go back to the queue: the old schema has no place for them.
    this.defer(async (db) => {
      await db.from(OUTBOX).where('status', 'FAILED').update({ status: 'PENDING' })
    })
    await this.#replaceStatusCheck(['PENDING', 'SENT'])
  }

  async #replaceStatusCheck(statuses: string[]) {
    const allowed = statuses.map((status) => `'${status}'`).join(', ')
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`alter table ${OUTBOX} drop constraint ${STATUS_CHECK}`)
      this.schema.raw(
        `alter table ${OUTBOX} add constraint ${STATUS_CHECK} check (status in (${allowed}))`
      )
      return
    }
    const rebuilt = `${OUTBOX}_rebuilt`
    this.schema.createTable(rebuilt, (table) => {
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
      table.check(`status in (${allowed})`, [], STATUS_CHECK)
    })
    this.schema.raw(`insert into ${rebuilt} select * from ${OUTBOX}`)
    this.schema.dropTable(OUTBOX)
    this.schema.renameTable(rebuilt, OUTBOX)
    this.schema.alterTable(OUTBOX, (table) => {
      table.index(['status', 'next_attempt_at'])
    })
  }
}
