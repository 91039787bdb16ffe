import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Shop from '#models/shop'
import { ShopStatus } from '#enums/shop_status'
import { ShopNotFound } from '#exceptions/catalog_errors'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'

/** Fields a seller gives a shop. */
export interface ShopInput {
  name: string
  description?: string | null
}

const newestFirst = (query: ReturnType<typeof Shop.query>) =>
  query.orderBy('created_at', 'desc').orderBy('id', 'asc')

/**
 * Shops: sellers create and edit their own; admins list, approve and suspend any, each change of
 * status recorded in the audit trail within its transaction.
 */
@inject()
export class ShopService {
  constructor(protected audit: AuditTrail) {}

  /** Opens a new shop for the seller; it stays PENDING until an admin approves it. */
  async create(actor: Actor, input: ShopInput): Promise<Shop> {
    return db.transaction(async (trx) => {
      return Shop.create(
        {
          sellerId: actor.user.id,
          name: input.name,
          description: input.description ?? null,
          status: ShopStatus.PENDING,
        },
        { client: trx }
      )
    })
  }

  /** Edits the seller's own shop (another seller's is a 404); the status is not touched. */
  async update(actor: Actor, shopId: string, input: Partial<ShopInput>): Promise<Shop> {
    return db.transaction(async (trx) => {
      const shop = await this.ownedShop(actor, shopId, trx)
      if (input.name !== undefined) shop.name = input.name
      if (input.description !== undefined) shop.description = input.description
      await shop.save()
      return shop
    })
  }

  /** The seller's shops, newest first. */
  async listForSeller(actor: Actor, page: PageRequest): Promise<PageResult<Shop>> {
    return pageOf(Shop.query().where('seller_id', actor.user.id), page, newestFirst)
  }

  /** Every shop, optionally of one status, newest first (the admin console's list). */
  async listAll(
    filter: { status?: ShopStatus },
    page: PageRequest,
    { withSeller = false } = {}
  ): Promise<PageResult<Shop>> {
    const query = Shop.query()
    if (filter.status) query.where('status', filter.status)
    return pageOf(query, page, (slice) => {
      newestFirst(slice)
      if (withSeller) slice.preload('seller', (seller) => seller.select('id', 'email'))
    })
  }

  /**
   * The shops a storefront may show: APPROVED, their owner an active SELLER account (the shops
   * whose products are on sale), by name.
   */
  async listSelling(page: PageRequest): Promise<PageResult<Shop>> {
    const query = Shop.query().withScopes((scopes) => scopes.selling())
    return pageOf(query, page, (slice) => slice.orderBy('name', 'asc').orderBy('id', 'asc'))
  }

  /** One shop a storefront may show; any other (unknown, pending, suspended) is a 404. */
  async showSelling(shopId: string): Promise<Shop> {
    const shop = await Shop.query()
      .withScopes((scopes) => scopes.selling())
      .where('shops.id', shopId)
      .first()
    if (!shop) throw new ShopNotFound()
    return shop
  }

  /** Puts the shop's products on sale; approving an approved shop changes nothing. */
  async approve(actor: Actor, shopId: string): Promise<Shop> {
    return this.#moveTo(actor, shopId, ShopStatus.APPROVED)
  }

  /** Takes the shop's products off sale; suspending a suspended shop changes nothing. */
  async suspend(actor: Actor, shopId: string): Promise<Shop> {
    return this.#moveTo(actor, shopId, ShopStatus.SUSPENDED)
  }

  /** The seller's own shop, or a 404 that does not reveal whether someone else's exists. */
  async ownedShop(actor: Actor, shopId: string, trx?: TransactionClientContract): Promise<Shop> {
    const shop = await Shop.query({ client: trx })
      .where('id', shopId)
      .where('seller_id', actor.user.id)
      .first()
    if (!shop) throw new ShopNotFound()
    return shop
  }

  /**
   * The status is read under a lock (PostgreSQL; SQLite runs one writer at a time), so the
   * audit entry names the status the change really left, and racing admins queue: the second
   * finds the shop already moved and changes, and records, nothing.
   */
  async #moveTo(actor: Actor, shopId: string, status: ShopStatus): Promise<Shop> {
    return db.transaction(async (trx) => {
      const shop = await Shop.query({ client: trx }).where('id', shopId).forUpdate().first()
      if (!shop) throw new ShopNotFound()
      if (shop.status === status) return shop
      const from = shop.status
      shop.status = status
      await shop.useTransaction(trx).save()
      await this.audit.record(trx, {
        actor,
        action: status === ShopStatus.APPROVED ? 'shop.approved' : 'shop.suspended',
        targetType: 'shop',
        targetId: shop.id,
        before: { status: from },
        after: { status },
      })
      return shop
    })
  }
}
