import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Erased accounts (docs/api/privacy.md): `erased_at` marks an account whose personal data was
| erased. The row itself stays, under a placeholder address, because orders, consents and the
| audit trail point at it; the erasure's conditional update on `erased_at is null` is what lets
| exactly one of several concurrent erasures of one account go through.
*/
export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('erased_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('erased_at')
    })
  }
}
