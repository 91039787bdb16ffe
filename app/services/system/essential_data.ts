import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { SuperAdminService } from '#services/accounts/super_admin_service'
import { ShippingMethodService } from '#services/checkout/shipping_method_service'

/**
 * Rows every database needs, written idempotently: safe to run at every start and from
 * `node ace db:seed`. Each area adds its own step here.
 */
const steps: Array<() => Promise<unknown>> = [
  async () => {
    const superAdmins = await app.container.make(SuperAdminService)
    return superAdmins.ensure(env.get('SUPER_ADMIN_EMAIL'), env.get('SUPER_ADMIN_PASSWORD'))
  },
  async () => {
    const shippingMethods = await app.container.make(ShippingMethodService)
    return shippingMethods.ensureEssential()
  },
]

/** Runs every essential-data step in order. */
export async function ensureEssentialData(): Promise<void> {
  for (const step of steps) await step()
}
