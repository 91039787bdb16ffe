import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import ShippingMethod from '#models/shipping_method'
import { CompiledQuery } from '#queries/compiled_query'

/** An offered method by id: every placement reads it in its transaction (`CompiledQuery`). */
const offeredMethod = new CompiledQuery<[id: string]>(1, (client, id) =>
  ShippingMethod.query({ client })
    .withScopes((scopes) => scopes.offered())
    .where('id', id)
    .limit(1)
)

/** The method `id` when it is offered (the `offered` scope), read through `client`; else null. */
export async function findOfferedMethod(
  client: QueryClientContract,
  id: string
): Promise<ShippingMethod | null> {
  const [method] = await offeredMethod.models(ShippingMethod, [id], client)
  return method ?? null
}
