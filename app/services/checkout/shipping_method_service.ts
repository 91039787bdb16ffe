import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import ShippingMethod from '#models/shipping_method'
import { ShippingMethodExists, ShippingMethodNotFound } from '#exceptions/checkout_errors'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { nearStaticCache } from '#services/checkout/near_static_cache'
import { findOfferedMethod } from '#queries/offered_shipping_method'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'

/** A shipping method as an admin writes it; `priceCents` already converted from the amount. */
export interface ShippingMethodInput {
  name: string
  description?: string | null
  priceCents: number
  estimatedDays: number
  isActive?: boolean
}

/** The methods every fresh database offers (docs/api/checkout.md, "Shipping methods"). */
export const ESSENTIAL_SHIPPING_METHODS: ShippingMethodInput[] = [
  {
    name: 'Standard',
    description: 'Delivery in about five business days',
    priceCents: 500,
    estimatedDays: 5,
  },
  {
    name: 'Express',
    description: 'Delivery in about two business days',
    priceCents: 1500,
    estimatedDays: 2,
  },
]

/**
 * Shipping methods: customers see the active ones; admins create, edit, deactivate and delete
 * them. Deleting is a soft delete, because placed orders point at the method and the essential
 * seed must not bring back a method an admin removed.
 */
@inject()
export class ShippingMethodService {
  constructor(protected audit: AuditTrail) {}

  /** The methods a customer may choose, cheapest first. */
  async listOffered(page: PageRequest): Promise<PageResult<ShippingMethod>> {
    return pageOf(
      ShippingMethod.query().withScopes((scopes) => scopes.offered()),
      page,
      (query) => query.orderBy('price_cents', 'asc').orderBy('name', 'asc').orderBy('id', 'asc')
    )
  }

  /** Every method not deleted, active or not, cheapest first. */
  async listAll(page: PageRequest): Promise<PageResult<ShippingMethod>> {
    return pageOf(
      ShippingMethod.query().withScopes((scopes) => scopes.notDeleted()),
      page,
      (query) => query.orderBy('price_cents', 'asc').orderBy('name', 'asc').orderBy('id', 'asc')
    )
  }

  /**
   * The active method with this id, as checkout needs it, or a 404. Read through `client` (the
   * placement's transaction) it comes from the database; without one (the summary) it may come
   * from the process's cache of near-static rows, at most its lifetime old.
   */
  async findOffered(id: string, client?: QueryClientContract): Promise<ShippingMethod> {
    const read = async () => {
      const method = await findOfferedMethod(client ?? db.connection(), id)
      if (!method) throw new ShippingMethodNotFound()
      return method
    }
    return client ? read() : nearStaticCache.get(`shipping-method:${id}`, read)
  }

  /** Creates a method; a live method with the same name (any case) is a 409. */
  async create(actor: Actor | null, input: ShippingMethodInput): Promise<ShippingMethod> {
    const method = new ShippingMethod()
    method.fill({
      name: input.name,
      description: input.description ?? null,
      priceCents: input.priceCents,
      estimatedDays: input.estimatedDays,
      isActive: input.isActive ?? true,
    })
    await this.#save(method, async (trx) => {
      if (!actor) return
      await this.audit.record(trx, {
        actor,
        action: 'shipping_method.created',
        targetType: 'shipping_method',
        targetId: method.id,
        before: null,
        after: auditedFields(method),
      })
    })
    return method
  }

  /** Changes the fields given. */
  async update(
    actor: Actor | null,
    id: string,
    input: Partial<ShippingMethodInput>
  ): Promise<ShippingMethod> {
    const method = await this.find(id)
    const before = auditedFields(method)
    method.merge(
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
    )
    await this.#save(method, (trx) =>
      this.audit.recordUpdate(
        trx,
        actor,
        { action: 'shipping_method.updated', targetType: 'shipping_method', targetId: method.id },
        before,
        auditedFields(method)
      )
    )
    return method
  }

  /** Soft-deletes a method: it disappears from every list and from checkout; orders keep its name. */
  async delete(actor: Actor | null, id: string): Promise<void> {
    try {
      await db.transaction(async (trx) => {
        const now = DateTime.now()
        const at = sqlTime(now, trx)
        const deleted = await ShippingMethod.query({ client: trx })
          .where('id', id)
          .whereNull('deleted_at')
          .update({ deleted_at: at, is_active: false, updated_at: at })
        if (Number(deleted) !== 1) throw new ShippingMethodNotFound()
        if (!actor) return
        await this.audit.record(trx, {
          actor,
          action: 'shipping_method.deleted',
          targetType: 'shipping_method',
          targetId: id,
          before: { deletedAt: null },
          after: { deletedAt: now },
        })
      })
    } finally {
      nearStaticCache.invalidate()
    }
  }

  /**
   * Gives a database that never had a shipping method the essential ones, both or neither.
   * Only a table without any row (deleted ones included) is seeded, so a method an admin
   * renamed, deactivated or deleted never comes back; instances starting together are settled
   * by the unique name index.
   */
  async ensureEssential(): Promise<void> {
    const [{ total }] = await db.from('shipping_methods').count('* as total')
    if (Number(total) > 0) return
    try {
      await db.transaction(async (trx) => {
        for (const input of ESSENTIAL_SHIPPING_METHODS) {
          await ShippingMethod.create(
            { ...input, description: input.description ?? null, isActive: true },
            { client: trx }
          )
        }
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    } finally {
      nearStaticCache.invalidate()
    }
  }

  /** One method not deleted, active or not (the console's edit page); else a 404. */
  async find(id: string): Promise<ShippingMethod> {
    const method = await ShippingMethod.query()
      .withScopes((scopes) => scopes.notDeleted())
      .where('id', id)
      .first()
    if (!method) throw new ShippingMethodNotFound()
    return method
  }

  async #save(method: ShippingMethod, andThen: (trx: TransactionClientContract) => Promise<void>) {
    try {
      // Its own transaction, so a refused write never aborts an enclosing one on PostgreSQL.
      await db.transaction(async (trx) => {
        await method.useTransaction(trx).save()
        await andThen(trx)
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new ShippingMethodExists()
      throw error
    } finally {
      nearStaticCache.invalidate()
    }
  }
}

/** The fields of a method an administrator sets, as the audit trail shows them. */
function auditedFields(method: ShippingMethod): Record<string, unknown> {
  return {
    name: method.name,
    description: method.description,
    priceCents: method.priceCents,
    estimatedDays: method.estimatedDays,
    isActive: method.isActive,
  }
}
