import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/*
| Takedowns: an administrator's decision that a product stays off sale, apart from `is_active`,
| the seller's own switch, which the seller can turn back on (docs/api/catalog.md, "Takedowns").
| `taken_down_at` is set while the product is taken down, `takedown_reason` is what its seller is
| shown; only an administrator sets or clears them.
|
| Before this, the console's *Deactivate* turned the seller's switch off. A product whose last
| console action is still that deactivation, and which is still inactive, becomes a takedown from
| that instant, with the seller's switch back on as it was before the administrator acted:
| restoring it puts it back on sale, as *Activate* did. A product its seller has already put back
| on sale is left as it is (the activity list shows its `product.deactivated` entry).
|
| On the way down a taken-down product is left inactive, so a rollback never puts it on sale.
*/

/** What the seller of a product converted from a console deactivation is shown. */
export const CONVERTED_REASON = 'Deactivated by an administrator in the console.'

/**
 * Turns the console deactivations still in force into takedowns: the products whose last
 * `product.activated` or `product.deactivated` entry is a deactivation and that are still
 * inactive and not deleted. Returns how many it converted.
 */
export async function convertConsoleDeactivations(db: QueryClientContract): Promise<number> {
  const entries: Array<{ target_id: string; action: string; created_at: unknown }> = await db
    .from('admin_actions')
    .where('target_type', 'product')
    .whereIn('action', ['product.activated', 'product.deactivated'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .select('target_id', 'action', 'created_at')
  const last = new Map<string, (typeof entries)[number]>()
  for (const entry of entries) last.set(entry.target_id, entry)

  let converted = 0
  for (const entry of last.values()) {
    if (entry.action !== 'product.deactivated') continue
    const updated = await db
      .from('products')
      .where('id', entry.target_id)
      .where('is_active', false)
      .whereNull('deleted_at')
      .whereNull('taken_down_at')
      .update({
        is_active: true,
        taken_down_at: entry.created_at,
        takedown_reason: CONVERTED_REASON,
      })
    converted += Number(updated)
  }
  return converted
}

export default class extends BaseSchema {
  protected tableName = 'products'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('taken_down_at', { useTz: true }).nullable()
      table.string('takedown_reason', 500).nullable()
    })
    this.defer(async (db) => {
      await convertConsoleDeactivations(db)
    })
  }

  async down() {
    this.defer(async (db) => {
      await db.from(this.tableName).whereNotNull('taken_down_at').update({ is_active: false })
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('takedown_reason')
      table.dropColumn('taken_down_at')
    })
  }
}
