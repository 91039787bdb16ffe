import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Second factors of the admin console (docs/api/console.md, "Second factors"): one TOTP
| authenticator per account (its secret encrypted with APP_KEY, and the last 30-second step a
| code was accepted for, so a code cannot be used twice), its single-use recovery codes (hashed),
| and any number of named passkeys (WebAuthn public keys; a credential id belongs to one account).
*/
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('admin_totp_authenticators', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('secret_encrypted').notNullable()
      // Accepting a code moves this forward in one conditional UPDATE: the replay guard.
      table.bigInteger('last_used_step').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['user_id'], { indexName: 'admin_totp_authenticators_user_unique' })
    })

    this.schema.createTable('admin_recovery_codes', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('code_hash', 255).notNullable()
      // Set by one conditional UPDATE: a code works once, however many requests race for it.
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id'], 'admin_recovery_codes_user_index')
    })

    this.schema.createTable('admin_passkeys', (table) => {
      table.uuid('id').primary()
      table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 100).notNullable()
      // base64url, as WebAuthn names it; at most 1023 bytes by the specification.
      table.string('credential_id', 1400).notNullable()
      table.text('public_key').notNullable()
      table.bigInteger('sign_count').notNullable().defaultTo(0)
      table.string('transports', 255).nullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['credential_id'], { indexName: 'admin_passkeys_credential_unique' })
      table.unique(['user_id', 'name'], { indexName: 'admin_passkeys_user_name_unique' })
      table.check('sign_count >= 0', [], 'admin_passkeys_sign_count_check')
    })
  }

  async down() {
    this.schema.dropTable('admin_passkeys')
    this.schema.dropTable('admin_recovery_codes')
    this.schema.dropTable('admin_totp_authenticators')
  }
}
