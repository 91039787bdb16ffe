import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'legal_policies'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary()
      table.string('type', 32).notNullable()
      table.string('title', 200).notNullable()
      table.text('content').notNullable()
      table.string('version', 20).notNullable()
      table.integer('version_major').notNullable()
      table.integer('version_minor').notNullable()
      table.integer('version_patch').notNullable()
      table.timestamp('effective_date', { useTz: true }).notNullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.timestamp('locked_at', { useTz: true }).nullable()
      table.uuid('created_by_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.uuid('updated_by_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      // "1.0" and "1" are the same version: uniqueness is on the numbers, not the text.
      table.unique(['type', 'version_major', 'version_minor', 'version_patch'], {
        indexName: 'legal_policies_type_version_unique',
      })
      table.index(['type', 'is_active', 'effective_date'], 'legal_policies_in_force_index')
      table.index(['created_at'], 'legal_policies_created_at_index')
      table.check("type in ('PRIVACY_POLICY', 'TERMS_CONDITIONS')", [], 'legal_policies_type_check')
      table.check(
        'version_major >= 0 and version_minor >= 0 and version_patch >= 0',
        [],
        'legal_policies_version_check'
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
