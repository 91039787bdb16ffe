import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { ShopStatus } from '#enums/shop_status'
import { POLICY_TYPES } from '#enums/policy_type'
import { PolicyService } from '#services/legal/policy_service'

/** The first things a new store needs before it can sell, in the order they are best done. */
export const SETUP_STEPS = ['shipping_method', 'tax_rate', 'approved_shop', 'policies'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

/** One step of the getting-started checklist and whether the store has done it. */
export interface SetupItem {
  step: SetupStep
  done: boolean
}

/**
 * The dashboard's getting-started checklist, each step read from the store itself, so it ticks
 * itself when done and unticks if undone:
 * - `shipping_method`: an administrator created or edited a shipping method (the audit trail
 *   has it), or the store has taken an order (shipped with one of them). The two essential
 *   methods every database starts with (`ensureEssential`) do not count alone: nobody has looked
 *   at their prices yet.
 * - `tax_rate`: at least one tax rate exists.
 * - `approved_shop`: at least one shop is approved, so something is on sale.
 * - `policies`: every policy type has a version in force now, which registration needs.
 */
@inject()
export class SetupChecklistService {
  constructor(protected policies: PolicyService) {}

  async checklist(): Promise<SetupItem[]> {
    const exists = async (query: ReturnType<typeof db.from>) =>
      (await query.select(db.raw('1 as found')).first()) !== null
    const [shippingSetUp, ordered, taxRate, approvedShop, ...inForce] = await Promise.all([
      exists(
        db
          .from('admin_actions')
          .whereIn('action', ['shipping_method.created', 'shipping_method.updated'])
      ),
      exists(db.from('orders')),
      exists(db.from('tax_rates')),
      exists(db.from('shops').where('status', ShopStatus.APPROVED)),
      ...POLICY_TYPES.map((type) => this.policies.inForce(type)),
    ])
    const done: Record<SetupStep, boolean> = {
      shipping_method: shippingSetUp || ordered,
      tax_rate: taxRate,
      approved_shop: approvedShop,
      policies: inForce.every((policy) => policy !== null),
    }
    return SETUP_STEPS.map((step) => ({ step, done: done[step] }))
  }
}
