import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import ShippingAddress from '#models/shipping_address'
import type { Actor } from '#support/actor'
import { ShippingAddressLimitReached, ShippingAddressNotFound } from '#exceptions/checkout_errors'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'

/** The fields of an address as a customer writes them (already validated). */
export interface ShippingAddressInput {
  fullName: string
  phone: string
  line1: string
  line2?: string | null
  city: string
  state?: string | null
  postalCode?: string | null
  country: string
  isDefault?: boolean
}

/** The most addresses one customer may keep (the refusal's message says the same number). */
export const MAX_SHIPPING_ADDRESSES = 50

/** How often a write is retried after losing a race for the default flag. */
const DEFAULT_RACE_ATTEMPTS = 3

/**
 * A customer's saved addresses. Every read and write is scoped to the customer in SQL, so another
 * customer's id is simply not found. At most one address is the default: making one the default
 * clears the others in the same transaction, and a partial unique index backs the rule.
 */
export class ShippingAddressService {
  /** The customer's addresses, the default first, then oldest first. */
  async list(actor: Actor, page: PageRequest): Promise<PageResult<ShippingAddress>> {
    return pageOf(ShippingAddress.query().where('user_id', actor.user.id), page, (query) =>
      query.orderBy('is_default', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc')
    )
  }

  /**
   * Saves a new address, unless the customer already keeps `MAX_SHIPPING_ADDRESSES`. The count is
   * read under a lock on the customer's row (PostgreSQL; SQLite runs one writer at a time), so
   * parallel saves of one customer are counted one after another and cannot pass the limit
   * together.
   */
  async create(actor: Actor, input: ShippingAddressInput): Promise<ShippingAddress> {
    const customer = actor.user
    return this.#withDefaultRace(async (trx) => {
      await trx.from('users').where('id', customer.id).select('id').forUpdate()
      const [kept] = await trx
        .from('shipping_addresses')
        .where('user_id', customer.id)
        .count('* as total')
      if (Number(kept.total) >= MAX_SHIPPING_ADDRESSES) throw new ShippingAddressLimitReached()
      const address = new ShippingAddress()
      address.fill({
        userId: customer.id,
        fullName: input.fullName,
        phone: input.phone,
        line1: input.line1,
        line2: input.line2 ?? null,
        city: input.city,
        state: input.state ?? null,
        postalCode: input.postalCode ?? null,
        country: input.country,
        isDefault: input.isDefault ?? false,
      })
      if (address.isDefault) await this.#clearDefault(customer.id, null, trx)
      await address.useTransaction(trx).save()
      return address
    })
  }

  /** Changes the fields given; `null` clears an optional one. */
  async update(
    actor: Actor,
    id: string,
    input: Partial<ShippingAddressInput>
  ): Promise<ShippingAddress> {
    const customer = actor.user
    return this.#withDefaultRace(async (trx) => {
      const address = await this.findOwned(customer.id, id, trx)
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined)
      ) as Partial<ShippingAddressInput>
      address.merge(changes)
      if (changes.isDefault === true) await this.#clearDefault(customer.id, address.id, trx)
      await address.useTransaction(trx).save()
      return address
    })
  }

  /** Deletes an address; placed orders keep their own copy. */
  async delete(actor: Actor, id: string): Promise<void> {
    const deleted = await ShippingAddress.query()
      .where('id', id)
      .where('user_id', actor.user.id)
      .delete()
    if (Number(deleted) !== 1) throw new ShippingAddressNotFound()
  }

  /** The customer's address with this id, or a 404. */
  async findOwned(
    customerId: string,
    id: string,
    client?: QueryClientContract
  ): Promise<ShippingAddress> {
    const address = await ShippingAddress.query({ client })
      .where('id', id)
      .where('user_id', customerId)
      .first()
    if (!address) throw new ShippingAddressNotFound()
    return address
  }

  async #clearDefault(userId: string, keepId: string | null, trx: TransactionClientContract) {
    const query = ShippingAddress.query({ client: trx })
      .where('user_id', userId)
      .where('is_default', true)
    if (keepId) query.whereNot('id', keepId)
    await query.update({ is_default: false, updated_at: sqlTime(undefined, trx) })
  }

  /**
   * Runs a write in its own transaction. Two concurrent "make default" writes of one customer
   * can both clear the old default before either commits; the unique index then refuses the
   * second, which is simply run again and now sees the first one's default to clear.
   */
  async #withDefaultRace<T>(work: (trx: TransactionClientContract) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(work)
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= DEFAULT_RACE_ATTEMPTS) throw error
      }
    }
  }
}
