import { BaseSchema } from '@adonisjs/lucid/schema'

/** Consent records are append-only; the foreign keys refuse to delete what they point to. */
export default class extends BaseSchema {
  protected tableName = 'legal_policy_consents'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('RESTRICT')
      table
        .uuid('policy_id')
        .notNullable()
        .references('id')
        .inTable('legal_policies')
        .onDelete('RESTRICT')
      table.string('policy_type', 32).notNullable()
      table.string('policy_version', 20).notNullable()
      table.timestamp('consented_at', { useTz: true }).notNullable()
      table.string('ip_address', 64).notNullable()
      table.string('user_agent', 512).nullable()

      // One record per user and policy: a repeated consent, even a concurrent one, finds it.
      table.unique(['user_id', 'policy_id'], {
        indexName: 'legal_policy_consents_user_policy_unique',
      })
      table.index(['user_id', 'consented_at'], 'legal_policy_consents_user_index')
      table.index(['policy_id'], 'legal_policy_consents_policy_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
