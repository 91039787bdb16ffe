import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Place-order idempotency keys, scoped to their customer by the unique index, which is what keeps
| two instances from both taking one key. A key is IN_PROGRESS from the moment a request claims it
| until the transaction that placed the orders marks it COMPLETED with their checkout; a request
| refused on the way deletes its claim, so the key can be used again after the cart is fixed.
| `claim_token` names the request holding the claim, so a taken-over claim cannot be completed or
| released by the request that lost it.
*/
export default class extends BaseSchema {
  protected tableName = 'idempotency_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('key', 128).notNullable()
      table.string('fingerprint', 64).notNullable()
      table.string('status', 16).notNullable()
      table.uuid('claim_token').notNullable()
      table
        .uuid('checkout_id')
        .nullable()
        .references('id')
        .inTable('checkouts')
        .onDelete('RESTRICT')
      table.timestamp('claimed_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['user_id', 'key'], { indexName: 'idempotency_keys_user_key_unique' })
      table.check("status in ('IN_PROGRESS', 'COMPLETED')", [], 'idempotency_keys_status_check')
      table.check(
        "(status = 'COMPLETED') = (checkout_id is not null)",
        [],
        'idempotency_keys_checkout_check'
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
