import { BaseSchema } from '@adonisjs/lucid/schema'
import { normalizeEmail } from '#support/email_address'

/** Rows are read in pages of this many, by id, so a large table is never loaded at once. */
const PAGE_SIZE = 500

/**
 * Rewrites stored e-mail addresses into the form every lookup now uses (`normalizeEmail`: NFC,
 * trimmed, lower-cased). Earlier versions only trimmed and lower-cased, so `ze\u0301ro@x` (with
 * a combining accent) and `zéro@x` could be stored as two accounts that look the same.
 *
 * A row whose normalised address is already taken by an account of the same type is left as it
 * is: merging two accounts is a person's decision, not a migration's. Such a row can no longer
 * sign in by that address (lookups use the normalised form); an administrator finds it in the
 * console's user list. There is nothing to undo on the way down.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      let after: string | null = null
      for (;;) {
        const page = db.from('users')
        if (after !== null) page.where('id', '>', after)
        const rows: Array<{ id: string; email: string; user_type: string }> = await page
          .orderBy('id')
          .limit(PAGE_SIZE)
          .select('id', 'email', 'user_type')
        if (rows.length === 0) break
        after = rows[rows.length - 1].id

        for (const row of rows) {
          const normalized = normalizeEmail(row.email)
          if (normalized === row.email) continue
          const clash = await db
            .from('users')
            .where('email', normalized)
            .where('user_type', row.user_type)
            .first()
          if (clash) continue
          await db.from('users').where('id', row.id).update({ email: normalized })
        }
      }
    })
  }

  async down() {}
}
