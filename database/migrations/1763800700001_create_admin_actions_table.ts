import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| The audit trail: one row per administrative change, written in the transaction of the change
| (app/services/admin/audit_trail_service.ts). Append-only. `changes` holds `{before, after}` of
| the fields that changed; `target_id` is text so every kind of target fits. The indexes serve the
| filters of the activity list, each ending in `created_at` for its newest-first order.
*/
export default class extends BaseSchema {
  protected tableName = 'admin_actions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('action', 40).notNullable()
      table.string('target_type', 20).notNullable()
      table.string('target_id', 64).notNullable()
      table.json('changes').notNullable()
      table.string('client_address', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()

      table.index(['created_at'], 'admin_actions_created_at')
      table.index(['actor_id', 'created_at'], 'admin_actions_actor_created_at')
      table.index(['action', 'created_at'], 'admin_actions_action_created_at')
      table.index(['target_type', 'target_id', 'created_at'], 'admin_actions_target_created_at')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
