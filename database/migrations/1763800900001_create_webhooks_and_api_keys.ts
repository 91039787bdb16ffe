import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Integrations (docs/api/integrations.md): webhook endpoints, one delivery row per event and
| endpoint, and API keys.
|
| `webhook_endpoints.secrets` holds the signing secrets as JSON: the current one and, for 24 hours
| after a rotation, the previous one (both sign). `failing_since` is the first failure after the
| last success: three days of it disable the endpoint.
|
| `webhook_deliveries` is unique per (endpoint, event), so a fan-out repeated after a worker
| crash inserts nothing twice; `(endpoint_id, resource_key, occurred_at)` serves the per-resource
| ordering check of the claim, `(status, next_attempt_at)` the claim itself.
|
| `api_keys.token_hash` is the SHA-256 of the whole key (a key is 32 random bytes: a fast hash is
| enough, nothing to brute-force), unique, read on every request that presents a key.
*/
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_endpoints', (table) => {
      table.uuid('id').primary()
      table.string('url', 2048).notNullable()
      table.string('description', 500).notNullable().defaultTo('')
      table.text('events').notNullable()
      table.text('secrets').notNullable()
      table.boolean('enabled').notNullable().defaultTo(true)
      table.string('disabled_reason', 20).nullable()
      table.timestamp('failing_since', { useTz: true }).nullable()
      table.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })

    this.schema.createTable('webhook_deliveries', (table) => {
      table.uuid('id').primary()
      table
        .uuid('endpoint_id')
        .notNullable()
        .references('id')
        .inTable('webhook_endpoints')
        .onDelete('CASCADE')
      table.uuid('event_id').notNullable()
      table.string('event_type', 40).notNullable()
      table.string('resource_key', 80).notNullable()
      table.text('payload').notNullable()
      table.timestamp('occurred_at', { useTz: true }).notNullable()
      table.string('status', 10).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable()
      table.timestamp('locked_until', { useTz: true }).nullable()
      table.integer('last_status_code').nullable()
      table.integer('last_duration_ms').nullable()
      table.text('last_response').nullable()
      table.string('last_error', 500).nullable()
      table.timestamp('last_attempt_at', { useTz: true }).nullable()
      table.timestamp('delivered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['endpoint_id', 'event_id'])
      table.index(['status', 'next_attempt_at'], 'webhook_deliveries_due')
      table.index(['endpoint_id', 'resource_key', 'occurred_at'], 'webhook_deliveries_resource')
      table.index(['endpoint_id', 'created_at'], 'webhook_deliveries_endpoint_created')
    })

    this.schema.createTable('api_keys', (table) => {
      table.uuid('id').primary()
      table.string('name', 100).notNullable()
      table.string('prefix', 20).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table.text('scopes').notNullable()
      table.uuid('created_by').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('api_keys')
    this.schema.dropTable('webhook_deliveries')
    this.schema.dropTable('webhook_endpoints')
  }
}
