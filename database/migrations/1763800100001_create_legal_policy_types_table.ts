import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per policy type. Every write that adds or renumbers a version of a type updates its
 * row first, so those writes run one at a time per type (a row lock on PostgreSQL, the write lock
 * on SQLite) and the "above every existing version" rule cannot be beaten by a concurrent write.
 */
export default class extends BaseSchema {
  protected tableName = 'legal_policy_types'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('type', 32).primary()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
