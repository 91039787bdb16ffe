import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| One-time codes leave the outbox payload (docs/api/accounts.md, "Mail"):
|
| - `secret`: the fields a mail must not store in clear (its codes), encrypted with APP_KEY;
|   erased once the mail is sent or its codes expire.
| - `expires_at`: when those codes stop working; a mail still unsent then is never sent, and is
|   marked EXPIRED (a new state). Null for mail without codes (order mail), which never expires.
| - Indexes for the expiry sweep (`expires_at`) and for pruning failed and expired mail by the
|   time it reached that state (`status`, `updated_at`).
|
| Rows written before this migration keep their clear codes in the payload and no `expires_at`:
| the outbox service still reads them, expires them by their creation time, and erases the codes
| (app/services/mail/outbox_service.ts), so no data is rewritten here.
|
| SQLite cannot change a CHECK constraint in place: there the table is rebuilt with the new columns
| and constraint, and its rows copied over, as 1763800600001 does.
*/
const OUTBOX = 'outbox_messages'
const STATUS_CHECK = 'outbox_messages_status_check'
const COLUMNS = [
  'id',
  'kind',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'last_error',
  'sent_at',
  'created_at',
  'updated_at',
].join(', ')

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.alterTable(OUTBOX, (table) => {
        table.text('secret').nullable()
        table.timestamp('expires_at', { useTz: true }).nullable()
      })
      this.#replacePostgresStatusCheck(['PENDING', 'SENT', 'FAILED', 'EXPIRED'])
    } else {
      this.#rebuildOnSqlite({ withSecret: true })
    }
    this.schema.alterTable(OUTBOX, (table) => {
      table.index(['expires_at'], 'outbox_messages_expires_at_index')
      table.index(['status', 'updated_at'], 'outbox_messages_status_updated_at_index')
    })
  }

  async down() {
    // The earlier schema can neither hold an EXPIRED row nor read a sealed code: those rows go
    // (an unsent sealed code mail would otherwise go out without its code). Their users ask for
    // a new code, as after any expiry.
    this.defer(async (db) => {
      await db
        .from(OUTBOX)
        .where((query) => query.where('status', 'EXPIRED').orWhereNotNull('secret'))
        .whereNot('status', 'SENT')
        .delete()
    })
    this.schema.alterTable(OUTBOX, (table) => {
      table.dropIndex(['status', 'updated_at'], 'outbox_messages_status_updated_at_index')
      table.dropIndex(['expires_at'], 'outbox_messages_expires_at_index')
    })
    if (this.db.dialect.name === 'postgres') {
      this.#replacePostgresStatusCheck(['PENDING', 'SENT', 'FAILED'])
      this.schema.alterTable(OUTBOX, (table) => {
        table.dropColumn('expires_at')
        table.dropColumn('secret')
      })
    } else {
      this.#rebuildOnSqlite({ withSecret: false })
    }
  }

  #replacePostgresStatusCheck(statuses: string[]) {
    const allowed = statuses.map((status) => `'${status}'`).join(', ')
    this.schema.raw(`alter table ${OUTBOX} drop constraint ${STATUS_CHECK}`)
    this.schema.raw(
      `alter table ${OUTBOX} add constraint ${STATUS_CHECK} check (status in (${allowed}))`
    )
  }

  /** The table as `up` (with the new columns and state) or `down` leaves it, rows copied over. */
  #rebuildOnSqlite({ withSecret }: { withSecret: boolean }) {
    const statuses = withSecret
      ? ['PENDING', 'SENT', 'FAILED', 'EXPIRED']
      : ['PENDING', 'SENT', 'FAILED']
    const allowed = statuses.map((status) => `'${status}'`).join(', ')
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
      if (withSecret) {
        table.text('secret').nullable()
        table.timestamp('expires_at', { useTz: true }).nullable()
      }
      table.check(`status in (${allowed})`, [], STATUS_CHECK)
    })
    this.schema.raw(`insert into ${rebuilt} (${COLUMNS}) select ${COLUMNS} from ${OUTBOX}`)
    this.schema.dropTable(OUTBOX)
    this.schema.renameTable(rebuilt, OUTBOX)
    this.schema.alterTable(OUTBOX, (table) => {
      table.index(['status', 'next_attempt_at'])
      table.index(['status', 'sent_at'], 'outbox_messages_status_sent_at_index')
    })
  }
}
